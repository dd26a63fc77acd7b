import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminPostRow } from '@common/admin/schemas';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { adminListKeys, fetchGroupPostsPage, useGroup } from '../admin-api';
import { csvDate, formatAdminDate } from '../admin-dates';
import { AdminListPage } from '../admin-list-page';
import { editColumn } from '../row-actions';
import { useDeleteRow } from '../use-delete-row';

const col = createColumnHelper<AdminPostRow>();
const describe = (post: AdminPostRow) => `post by ${post.author.name} on ${formatAdminDate(post.postedDate)}`;
const editPath = (post: AdminPostRow) => `/admin/manage-post/${post._id}`;

const columns: DataTableColumn<AdminPostRow>[] = [
  col.accessor('postedDate', {
    header: 'Date Posted',
    cell: ({ row }) => (
      <>
        <span className="block font-medium whitespace-nowrap text-stone-900">
          {formatAdminDate(row.original.postedDate)}
        </span>
        {/* who wrote what, so the admin can tell the posts apart */}
        <span className="block max-w-xs truncate text-xs text-stone-500">
          {row.original.author.name}
          {row.original.text && ` · ${row.original.text}`}
        </span>
      </>
    ),
    meta: { csv: (post) => csvDate(post.postedDate) },
  }),
  col.accessor('hits', { header: 'Hits', meta: { align: 'right' } }),
  col.accessor('hearts', { header: 'Hearts', meta: { align: 'right' } }),
  col.accessor('comments', { header: 'Comments', meta: { align: 'right' } }),
];

/** Group's Posts (/admin/group/{id}/posts): Date Posted, Hits, Hearts, Comments, Edit, Delete. */
export function GroupPostsPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const group = useGroup(id);
  const source = useMemo(() => ({ queryKey: adminListKeys.posts(id), fetchPage: fetchGroupPostsPage(id) }), [id]);
  const deletion = useDeleteRow({
    deletePath: (post: AdminPostRow) => `admin/post/${post._id}`,
    listKey: source.queryKey,
    describe,
  });

  const allColumns = useMemo(
    () => [...columns, editColumn({ to: editPath, describe }), deletion.column],
    [deletion.column],
  );
  const title = group.data ? `${group.data.name}'s Posts` : 'Posts';

  return (
    <AdminListPage title={title} back={{ to: `/admin/manage-group/${id}`, label: 'Back to group' }}>
      <DataTable
        label={title}
        columns={allColumns}
        getRowId={(post) => post._id}
        server={source}
        csv={{ fileName: 'posts', headerRow: true }}
        onRowClick={(post) => navigate(editPath(post))}
        emptyText="No posts available"
        noMatchesText="No posts match your search"
        loadErrorText="We could not load the posts."
      />
      {deletion.dialog}
    </AdminListPage>
  );
}
