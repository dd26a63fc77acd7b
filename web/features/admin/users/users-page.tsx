import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminUserRow } from '@common/admin/schemas';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { adminListKeys, fetchUsersPage } from '../admin-api';
import { AddLink, AdminListPage } from '../admin-list-page';
import { editColumn } from '../row-actions';
import { payingSubscribersWayForward } from '../money/money-links';
import { useDeleteRow } from '../use-delete-row';
import { YesNoBadge } from '../yes-no-badge';

const col = createColumnHelper<AdminUserRow>();
const describe = (user: AdminUserRow) => user.email;
const editPath = (user: AdminUserRow) => `/admin/manage-user/${user._id}`;
const source = { queryKey: adminListKeys.users, fetchPage: fetchUsersPage };
/** A facilitator with paying subscribers cannot go yet: the refusal links to them. */
const refusalLink = (user: AdminUserRow, code: string) => payingSubscribersWayForward(user._id, code);

/** Users (/admin): Email, Username, Facilitator, Edit, Delete; no search box; paged on the server. */
export function UsersPage() {
  const navigate = useNavigate();
  const deletion = useDeleteRow({
    deletePath: (user: AdminUserRow) => `admin/user/${user._id}`,
    listKey: adminListKeys.users,
    describe,
    refusalLink,
  });

  const columns = useMemo<DataTableColumn<AdminUserRow>[]>(
    () => [
      col.accessor('email', {
        header: 'Email',
        // On a phone the username and the facilitator mark sit under the email (their columns
        // show from sm up), so Edit and Delete fit on screen.
        cell: ({ row: { original: user } }) => (
          <>
            <span className="block font-medium break-all text-stone-900">{user.email}</span>
            <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-500 sm:hidden">
              <span className="break-all">{user.username}</span>
              {user.isFacilitator && <span>Facilitator</span>}
            </span>
          </>
        ),
      }),
      col.accessor('username', { header: 'Username', meta: { fromSm: true } }),
      col.accessor('isFacilitator', {
        header: 'Facilitator',
        cell: (cell) => <YesNoBadge value={cell.getValue()} />,
        meta: { csv: (user) => (user.isFacilitator ? 'Yes' : 'No'), fromSm: true },
      }),
      editColumn({ to: editPath, describe }),
      deletion.column,
    ],
    [deletion.column],
  );

  return (
    <AdminListPage title="Users" action={<AddLink to="/admin/manage-user/new">Add User</AddLink>}>
      <DataTable
        label="Users"
        columns={columns}
        getRowId={(user) => user._id}
        server={source}
        searchable={false}
        csv={{ fileName: 'users', headerRow: true }}
        onRowClick={(user) => navigate(editPath(user))}
        emptyText="No users yet"
        loadErrorText="We could not load the users."
      />
      {deletion.dialog}
    </AdminListPage>
  );
}
