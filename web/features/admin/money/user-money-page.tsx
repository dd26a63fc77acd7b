import { useMemo, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminPaymentRow, AdminSubscriptionRow } from '@common/admin/money-schemas';
import { AdminUserAnswer } from '@common/admin/schemas';
import { formatUsd } from '@common/money';
import { ApiError } from '@web/api/client';
import { buttonStyles } from '@web/components/button-styles';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { EmptyPanel } from '@web/components/state-panels';
import { AdminListPage } from '../admin-list-page';
import { useAdminRecord } from '../form-api';
import { useCancelActions } from './cancel-actions';
import { useUserPayments, useUserSubscriptions } from './money-api';
import { USER_MONEY_LINK } from './money-links';
import { useMoneyNotice } from './money-notice';
import { useRefundAction } from './refund-action';
import { formatDay, priceText, SubscriptionStatusBadge } from './subscription-status';

export const USER_MONEY_TITLE = USER_MONEY_LINK;

// Few columns, each carrying its details underneath, so a phone shows the actions without scrolling sideways.
const sub = createColumnHelper<AdminSubscriptionRow>();
const subscriptionColumns: DataTableColumn<AdminSubscriptionRow>[] = [
  sub.accessor((s) => s.tier.name, {
    id: 'plan',
    header: 'Plan',
    cell: ({ row: { original: s } }) => (
      <>
        <span className="block font-medium text-stone-900">{s.tier.name}</span>
        <span className="block text-xs text-stone-500">
          {priceText(s)} · by {s.facilitator.name} · since {formatDay(s.startDate)}
        </span>
        <span className="mt-1 block">
          <SubscriptionStatusBadge subscription={s} />
        </span>
      </>
    ),
  }),
];

const pay = createColumnHelper<AdminPaymentRow>();
const paymentColumns: DataTableColumn<AdminPaymentRow>[] = [
  pay.accessor('date', {
    header: 'Payment',
    cell: ({ row: { original: p } }) => (
      <>
        <span className="block font-medium text-stone-900">{p.description}</span>
        <span className="block text-xs text-stone-500">
          {formatDay(p.date)} · to {p.facilitator.name}
        </span>
      </>
    ),
  }),
  pay.accessor('amount', {
    header: 'Amount',
    cell: ({ row: { original: p } }) => (
      <>
        <span className="block">{formatUsd(p.amount)}</span>
        {p.refunded > 0 && (
          <span className="block text-xs whitespace-nowrap text-stone-500">{formatUsd(p.refunded)} refunded</span>
        )}
      </>
    ),
    meta: { align: 'right' },
  }),
];

/**
 * /admin/users/:id/money: a member's subscriptions, with Cancel now and Cancel
 * at period end, and their payments, with Refund; each behind the confirm dialog, the outcome
 * told on the page and to screen readers.
 */
export function UserMoneyPage() {
  const { id = '' } = useParams();
  const user = useAdminRecord('admin/user', id, AdminUserAnswer);
  const subscriptions = useUserSubscriptions(id);
  const payments = useUserPayments(id);
  const notice = useMoneyNotice();
  const cancel = useCancelActions(notice);
  const refund = useRefundAction(notice);
  const allSubscriptionColumns = useMemo(() => [...subscriptionColumns, cancel.column], [cancel.column]);
  const allPaymentColumns = useMemo(() => [...paymentColumns, refund.column], [refund.column]);

  const name = user.data?.name;
  const back = { to: `/admin/manage-user/${encodeURIComponent(id)}`, label: 'Back to user' };
  const missing = user.error instanceof ApiError && (user.error.status === 404 || user.error.status === 400);

  return (
    <AdminListPage
      title={name ? `${name}'s ${USER_MONEY_TITLE}` : USER_MONEY_TITLE}
      description={user.data?.email}
      back={back}
    >
      {missing ? (
        <EmptyPanel
          title="User not found"
          action={
            <Link to="/admin" className={buttonStyles({ variant: 'secondary' })}>
              Back to Users
            </Link>
          }
        >
          This account does not exist any more.
        </EmptyPanel>
      ) : (
        <div className="space-y-10">
          {notice.notice}
          <MoneySection title="Subscriptions">
            <DataTable
              label="Subscriptions"
              columns={allSubscriptionColumns}
              getRowId={(s) => s._id}
              data={subscriptions.data}
              isError={subscriptions.isError}
              onRetry={() => subscriptions.refetch()}
              searchable={false}
              emptyText="No subscriptions"
              loadErrorText="We could not load the subscriptions."
            />
          </MoneySection>
          <MoneySection title="Payments">
            <DataTable
              label="Payments"
              columns={allPaymentColumns}
              getRowId={(p) => p._id}
              data={payments.data}
              isError={payments.isError}
              onRetry={() => payments.refetch()}
              searchable={false}
              emptyText="No payments"
              loadErrorText="We could not load the payments."
            />
          </MoneySection>
        </div>
      )}
      {cancel.dialog}
      {refund.dialog}
    </AdminListPage>
  );
}

function MoneySection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `money-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
