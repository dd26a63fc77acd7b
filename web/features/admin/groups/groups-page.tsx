import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminGroupRow } from '@common/admin/schemas';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { adminListKeys, useGroups } from '../admin-api';
import { AddLink, AdminListPage } from '../admin-list-page';
import { editColumn } from '../row-actions';
import { useDeleteRow } from '../use-delete-row';

const col = createColumnHelper<AdminGroupRow>();
const describe = (group: AdminGroupRow) => group.name;
const editPath = (group: AdminGroupRow) => `/admin/manage-group/${group._id}`;
const members = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`;

const nameColumn: DataTableColumn<AdminGroupRow> = col.accessor('name', {
  header: 'Name',
  cell: ({ row }) => (
    <>
      <span className="block font-medium text-stone-900">{row.original.name}</span>
      <span className="block text-xs text-stone-500">
        {row.original.owner.name} · {members(row.original.members)}
      </span>
    </>
  ),
});

/** Groups: Name, Edit, Delete; 'Add Group'. Every group (hidden ones too), searched in the browser. */
export function GroupsPage() {
  const navigate = useNavigate();
  const groups = useGroups();
  const deletion = useDeleteRow({
    deletePath: (group: AdminGroupRow) => `admin/group/${group._id}`,
    listKey: adminListKeys.groups,
    describe,
  });

  const columns = useMemo(
    () => [nameColumn, editColumn({ to: editPath, describe }), deletion.column],
    [deletion.column],
  );

  return (
    <AdminListPage title="Groups" action={<AddLink to="/admin/manage-group/new">Add Group</AddLink>}>
      <DataTable
        label="Groups"
        columns={columns}
        getRowId={(group) => group._id}
        data={groups.data}
        isError={groups.isError}
        onRetry={() => groups.refetch()}
        csv={{ fileName: 'groups', headerRow: true }}
        onRowClick={(group) => navigate(editPath(group))}
        emptyText="No groups yet"
        noMatchesText="No groups match your search"
        loadErrorText="We could not load the groups."
      />
      {deletion.dialog}
    </AdminListPage>
  );
}
