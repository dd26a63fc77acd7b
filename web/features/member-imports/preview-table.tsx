import type { PreviewRow } from '@common/member-imports/schemas';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { OUTCOME_TEXT, OutcomeBadge } from './outcome-badge';

const COLUMNS: DataTableColumn<PreviewRow>[] = [
  { accessorKey: 'row', header: 'Row', meta: { align: 'right' } },
  { accessorKey: 'email', header: 'Email' },
  { accessorKey: 'name', header: 'Name', meta: { fromSm: true } },
  {
    accessorKey: 'outcome',
    header: 'Outcome',
    cell: ({ row }) => <OutcomeBadge outcome={row.original.outcome} />,
    meta: { csv: (r) => OUTCOME_TEXT[r.outcome] },
  },
  { accessorKey: 'reason', header: 'What happens' },
];

/** The preview's rows with the outcome of each. */
export function PreviewTable({ rows }: { rows: PreviewRow[] }) {
  return (
    <DataTable
      label="Preview of the import"
      columns={COLUMNS}
      data={rows}
      getRowId={(r) => String(r.row)}
      emptyText="The file has no member rows."
    />
  );
}
