import { NextPageButton } from '@web/components/lists/next-page-button';
import { useMemo } from 'react';
import clsx from 'clsx';
import { createColumnHelper } from '@tanstack/react-table';
import type { AuditEntryAnswer } from '@common/admin/schemas';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { useAuditLog } from '../admin-api';
import { csvDate, formatAdminDate } from '../admin-dates';
import { AdminListPage } from '../admin-list-page';

const col = createColumnHelper<AuditEntryAnswer>();

/**
 * 'from: Yoga, to: Breath' — strings as they are (an id by its name where the server knows it),
 * anything else as compact JSON.
 */
export const detailsText = (details: Record<string, unknown>, names: Record<string, string> = {}) =>
  Object.entries(details)
    .map(([key, value]) => {
      if (typeof value === 'string') return `${key}: ${names[value] ?? value}`;
      const named = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' && names[v] ? names[v] : v));
      return `${key}: ${named}`;
    })
    .join(', ');

/** 'tag Stillness', or the type and id when the target has no name to show. */
const targetText = (entry: AuditEntryAnswer) =>
  [entry.targetType, entry.targetName ?? entry.targetId].filter(Boolean).join(' ');

const actionTone: Record<string, string> = {
  create: 'bg-brand-50 text-brand-800 ring-brand-600/20',
  update: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  delete: 'bg-red-50 text-red-800 ring-red-600/20',
  // an admin's money actions
  cancel: 'bg-amber-50 text-amber-900 ring-amber-600/20',
  refund: 'bg-violet-50 text-violet-800 ring-violet-600/20',
};

const columns: DataTableColumn<AuditEntryAnswer>[] = [
  col.accessor('date', {
    header: 'Date',
    cell: (cell) => <span className="whitespace-nowrap">{formatAdminDate(cell.getValue())}</span>,
    meta: { csv: (entry) => csvDate(entry.date) },
  }),
  col.accessor((entry) => entry.admin.email, { id: 'admin', header: 'Admin' }),
  col.accessor('action', {
    header: 'Action',
    cell: (cell) => (
      <span
        className={clsx(
          'inline-flex rounded-md px-2 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset',
          actionTone[cell.getValue()] ?? 'bg-stone-50 text-stone-700 ring-stone-500/20',
        )}
      >
        {cell.getValue()}
      </span>
    ),
  }),
  col.accessor(targetText, {
    id: 'target',
    header: 'Target',
    cell: ({ row }) => {
      const { targetType, targetId, targetName } = row.original;
      return (
        <>
          <span className="block text-xs font-medium text-stone-500 capitalize">{targetType}</span>
          {targetName ? (
            <span className="block max-w-56 font-medium break-words text-stone-900" title={targetId ?? undefined}>
              {targetName}
            </span>
          ) : (
            targetId && <span className="block font-mono text-xs whitespace-nowrap text-stone-500">{targetId}</span>
          )}
        </>
      );
    },
  }),
  col.accessor((entry) => detailsText(entry.details, entry.names), {
    id: 'details',
    header: 'Details',
    enableSorting: false,
    cell: (cell) => (
      <span className="block max-w-sm min-w-48 text-xs break-words text-stone-600">{cell.getValue() || '—'}</span>
    ),
  }),
];

/** Who changed what in the admin area, and when (newest first; older entries on request). */
export function AuditLogPage() {
  const entries = useAuditLog();
  const data = useMemo(() => entries.data?.pages.flatMap((page) => page.entries), [entries.data]);
  return (
    <AdminListPage title="Audit Log" description="Every change made in the admin area: who, what and when.">
      <DataTable
        label="Audit Log"
        columns={columns}
        getRowId={(entry) => entry._id}
        data={data}
        isError={entries.isError && !data}
        onRetry={() => entries.refetch()}
        initialSorting={[{ id: 'date', desc: true }]}
        csv={{ fileName: 'audit-log', headerRow: true }}
        emptyText="No admin changes recorded yet"
        noMatchesText="No entries match your search"
        loadErrorText="We could not load the audit log."
      />
      {entries.hasNextPage && (
        <div className="mt-4 flex flex-col items-center gap-2">
          <NextPageButton
            pages={entries}
            label="Load older entries"
            failedText="We could not load the older entries."
            onLoad={() => entries.fetchNextPage()}
          />
        </div>
      )}
    </AdminListPage>
  );
}
