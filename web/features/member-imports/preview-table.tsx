import type { PreviewRow } from '@common/member-imports/schemas';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { OUTCOME_TEXT, OutcomeBadge } from './outcome-badge';

const COLUMNS: DataTableColumn<PreviewRow>[] = [
  { accessorKey: 'row', header: 'Row', meta: { align: 'right', fromSm: true } },
  {
    accessorKey: 'email',
    header: 'Email',
    // an address has no spaces: it breaks anywhere rather than push the outcome off a phone
    cell: ({ row }) => <span className="break-all">{row.original.email}</span>,
  },
  { accessorKey: 'name', header: 'Name', meta: { fromSm: true } },
  {
    accessorKey: 'outcome',
    header: 'Outcome',
    // the badge and what happens in one cell, so a phone shows two columns
    cell: ({ row }) => (
      <div className="flex min-w-32 flex-col items-start gap-1">
        <OutcomeBadge outcome={row.original.outcome} />
        <span className="text-stone-700">{row.original.reason}</span>
      </div>
    ),
    meta: { csv: (r) => `${OUTCOME_TEXT[r.outcome]}: ${r.reason}` },
  },
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
