import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminTagAnswer } from '@common/admin/schemas';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { adminListKeys, useTags } from '../admin-api';
import { AddLink, AdminListPage } from '../admin-list-page';
import { editColumn } from '../row-actions';
import { useDeleteRow } from '../use-delete-row';

const col = createColumnHelper<AdminTagAnswer>();
const describe = (tag: AdminTagAnswer) => tag.text;
const editPath = (tag: AdminTagAnswer) => `/admin/manage-tag/${tag._id}`;
const tagColumn: DataTableColumn<AdminTagAnswer> = col.accessor('text', {
  header: 'Tag',
  cell: (cell) => <span className="font-medium text-stone-900">{cell.getValue()}</span>,
});

/** Tags: Tag, Edit, Delete; 'Add Tag'. */
export function TagsPage() {
  const navigate = useNavigate();
  const tags = useTags();
  const deletion = useDeleteRow({
    deletePath: (tag: AdminTagAnswer) => `admin/tag/${tag._id}`,
    listKey: adminListKeys.tags,
    describe,
  });

  const columns = useMemo(
    () => [tagColumn, editColumn({ to: editPath, describe }), deletion.column],
    [deletion.column],
  );

  return (
    <AdminListPage title="Tags" action={<AddLink to="/admin/manage-tag/new">Add Tag</AddLink>}>
      <DataTable
        label="Tags"
        columns={columns}
        getRowId={(tag) => tag._id}
        data={tags.data}
        isError={tags.isError}
        onRetry={() => tags.refetch()}
        csv={{ fileName: 'tags', headerRow: true }}
        onRowClick={(tag) => navigate(editPath(tag))}
        emptyText="No tags yet"
        noMatchesText="No tags match your search"
        loadErrorText="We could not load the tags."
      />
      {deletion.dialog}
    </AdminListPage>
  );
}
