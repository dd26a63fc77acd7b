import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminFacilitatorRow } from '@common/admin/schemas';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { adminListKeys, fetchFacilitatorsPage } from '../admin-api';
import { AdminListPage } from '../admin-list-page';
import { editColumn } from '../row-actions';
import { payingSubscribersWayForward } from '../money/money-links';
import { useDeleteRow } from '../use-delete-row';

const col = createColumnHelper<AdminFacilitatorRow>();
const describe = (facilitator: AdminFacilitatorRow) => facilitator.email;
const editPath = (facilitator: AdminFacilitatorRow) => `/admin/manage-facilitator/${facilitator._id}`;
const source = { queryKey: adminListKeys.facilitators, fetchPage: fetchFacilitatorsPage };
/** Paying subscribers hold a delete back: the refusal links to them, where they can be cancelled. */
const refusalLink = (facilitator: AdminFacilitatorRow, code: string) =>
  payingSubscribersWayForward(facilitator._id, code);

/** Facilitators: Email, Username, Edit, Delete with confirmation; searched and paged on the server. */
export function FacilitatorsPage() {
  const navigate = useNavigate();
  const deletion = useDeleteRow({
    deletePath: (facilitator: AdminFacilitatorRow) => `admin/facilitator/${facilitator._id}`,
    listKey: adminListKeys.facilitators,
    describe,
    refusalLink,
  });

  const columns = useMemo<DataTableColumn<AdminFacilitatorRow>[]>(
    () => [
      col.accessor('email', {
        header: 'Email',
        cell: ({ row }) => (
          <>
            <span className="block font-medium text-stone-900">{row.original.email}</span>
            <span className="block text-xs text-stone-500">{row.original.name}</span>
          </>
        ),
      }),
      col.accessor('username', { header: 'Username' }),
      editColumn({ to: editPath, describe }),
      deletion.column,
    ],
    [deletion.column],
  );

  return (
    <AdminListPage title="Facilitators">
      <DataTable
        label="Facilitators"
        columns={columns}
        getRowId={(facilitator) => facilitator._id}
        server={source}
        csv={{ fileName: 'facilitators', headerRow: true }}
        onRowClick={(facilitator) => navigate(editPath(facilitator))}
        emptyText="No facilitators yet"
        noMatchesText="No facilitators match your search"
        loadErrorText="We could not load the facilitators."
      />
      {deletion.dialog}
    </AdminListPage>
  );
}
