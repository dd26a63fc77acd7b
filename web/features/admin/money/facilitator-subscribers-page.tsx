import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminSubscriptionRow } from '@common/admin/money-schemas';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { useFacilitator } from '../admin-api';
import { AdminListPage } from '../admin-list-page';
import { useCancelActions } from './cancel-actions';
import { fetchSubscribersPage, moneyKeys } from './money-api';
import { useMoneyNotice } from './money-notice';
import { priceText, SubscriptionStatusBadge } from './subscription-status';
import { userMoneyPath } from './money-links';

const col = createColumnHelper<AdminSubscriptionRow>();
// the ids of the sortable columns are the server's sort keys (SUBSCRIBER_SORT_KEYS); few columns,
// each carrying its details underneath, so a phone shows the actions without scrolling sideways
const columns: DataTableColumn<AdminSubscriptionRow>[] = [
  col.accessor((s) => s.member.email, {
    id: 'email',
    header: 'Member',
    cell: ({ row: { original: s } }) => (
      <>
        <Link
          to={userMoneyPath(s.member._id)}
          className="block font-medium break-all text-brand-700 hover:text-brand-800 hover:underline"
        >
          {s.member.email}
        </Link>
        <span className="block text-xs text-stone-500">{s.member.name}</span>
      </>
    ),
  }),
  col.accessor((s) => s.tier.name, {
    id: 'tier',
    header: 'Plan',
    cell: ({ row: { original: s } }) => (
      <>
        <span className="block">{s.tier.name}</span>
        <span className="block text-xs text-stone-500">{priceText(s)}</span>
        <span className="mt-1 block">
          <SubscriptionStatusBadge subscription={s} />
        </span>
      </>
    ),
  }),
];

/**
 * /admin/facilitators/:id/subscribers: the subscriptions to a facilitator's
 * plans that still run, with Cancel now and Cancel at period end. It is where a refused delete
 * ('Cancel or move their subscriptions') leads: once no paid one is active, the delete goes through.
 */
export function FacilitatorSubscribersPage() {
  const { id = '' } = useParams();
  const facilitator = useFacilitator(id);
  const notice = useMoneyNotice();
  const cancel = useCancelActions(notice);
  const allColumns = useMemo(() => [...columns, cancel.column], [cancel.column]);
  const source = useMemo(() => ({ queryKey: moneyKeys.subscribers(id), fetchPage: fetchSubscribersPage(id) }), [id]);
  const name = facilitator.data?.name;

  return (
    <AdminListPage
      title={name ? `${name}'s Subscribers` : 'Subscribers'}
      description={
        'Subscriptions to their plans that are still running. ' +
        'A facilitator can be deleted once none of the paid ones is active: Cancel now ends one at once.'
      }
      back={{ to: `/admin/manage-facilitator/${encodeURIComponent(id)}`, label: 'Back to facilitator' }}
    >
      <div className="space-y-4">
        {notice.notice}
        <DataTable
          label={name ? `${name}'s Subscribers` : 'Subscribers'}
          columns={allColumns}
          getRowId={(s) => s._id}
          server={source}
          emptyText="No current subscribers"
          noMatchesText="No subscribers match your search"
          loadErrorText="We could not load the subscribers."
        />
      </div>
      {cancel.dialog}
    </AdminListPage>
  );
}
