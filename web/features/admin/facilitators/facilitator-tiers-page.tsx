import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminTierRow } from '@common/admin/schemas';
import { formatUsd } from '@common/money';
import { SUBSCRIPTION_KIND_LABELS } from '@common/tiers/intervals';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { adminListKeys, useFacilitator, useTiers } from '../admin-api';
import { AdminListPage } from '../admin-list-page';
import { editColumn } from '../row-actions';
import { useDeleteRow } from '../use-delete-row';

const col = createColumnHelper<AdminTierRow>();
const describe = (tier: AdminTierRow) => tier.name;
const editPath = (tier: AdminTierRow) => `/admin/manage-tier/${tier._id}`;
const kindOf = (tier: AdminTierRow) =>
  tier.type === 'single' ? 'One-off course' : SUBSCRIPTION_KIND_LABELS[tier.interval];

const columns: DataTableColumn<AdminTierRow>[] = [
  col.accessor('name', {
    header: 'Name',
    cell: ({ row }) => (
      <>
        <span className="block font-medium text-stone-900">{row.original.name}</span>
        <span className="block text-xs text-stone-500">
          {kindOf(row.original)}
          {!row.original.published && ' · Draft'}
        </span>
      </>
    ),
  }),
  col.accessor('price', {
    header: 'Price',
    cell: (cell) => formatUsd(cell.getValue()),
    meta: { align: 'right', csvHeader: 'Price (USD)' },
  }),
];

/** Facilitator's Tiers (/admin/facilitators/{id}/tiers): Name, Price, Edit, Delete. */
export function FacilitatorTiersPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const facilitator = useFacilitator(id);
  const tiers = useTiers(id);
  const deletion = useDeleteRow({
    deletePath: (tier: AdminTierRow) => `admin/facilitator/${id}/tiers/${tier._id}`,
    listKey: adminListKeys.tiers(id),
    describe,
  });

  const allColumns = useMemo(
    () => [...columns, editColumn({ to: editPath, describe }), deletion.column],
    [deletion.column],
  );
  const name = facilitator.data?.name;

  return (
    <AdminListPage
      title={name ? `${name}'s Tiers` : 'Tiers'}
      back={{ to: `/admin/manage-facilitator/${id}`, label: 'Back to facilitator' }}
    >
      <DataTable
        label={name ? `${name}'s Tiers` : 'Tiers'}
        columns={allColumns}
        getRowId={(tier) => tier._id}
        data={tiers.data}
        isError={tiers.isError}
        onRetry={() => tiers.refetch()}
        csv={{ fileName: 'tiers', headerRow: true }}
        onRowClick={(tier) => navigate(editPath(tier))}
        emptyText="No tiers available"
        loadErrorText="We could not load the tiers."
      />
      {deletion.dialog}
    </AdminListPage>
  );
}
