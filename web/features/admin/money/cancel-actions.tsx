import { useCallback, useMemo, useRef, useState } from 'react';
import type { AdminSubscriptionRow, CancelSubscriptionAnswer } from '@common/admin/money-schemas';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import type { DataTableColumn } from '@web/components/data-table';
import { useCancelSubscription, type CancelWhen } from './money-api';
import { formatDay } from './subscription-status';
import type { useMoneyNotice } from './money-notice';

export const CANCEL_NOW = 'Cancel now';
export const CANCEL_AT_PERIOD_END = 'Cancel at period end';

/** Names a subscription for buttons and the dialog: 'Deep Practice for sam@tend.demo'. */
export const describeSubscription = (s: AdminSubscriptionRow) => `${s.tier.name} for ${s.member.email}`;

const memberName = (s: AdminSubscriptionRow) => s.member.name || s.member.email;

/** What the admin is told once the cancellation is done (or on its way, with Stripe). */
export function cancelOutcomeText({ outcome, subscription: s }: CancelSubscriptionAnswer) {
  if (outcome === 'cancelled') return `${s.tier.name} for ${memberName(s)} is cancelled.`;
  const end = s.endDate ?? s.periodEnd;
  if (outcome === 'ends_at_period_end') {
    const when = end ? ` on ${formatDay(end)}` : ' at the end of its period';
    return `${s.tier.name} for ${memberName(s)} will end${when}.`;
  }
  return `The payment provider is cancelling ${s.tier.name} for ${memberName(s)}. This list updates once it confirms.`;
}

function ConfirmText({ subscription: s, when }: { subscription: AdminSubscriptionRow; when: CancelWhen }) {
  if (when === 'period_end') {
    return (
      <>
        <span className="block">
          {s.tier.name} for {memberName(s)} will not renew. It stays open until{' '}
          {s.periodEnd ? formatDay(s.periodEnd) : 'the end of the period paid for'}.
        </span>
        <span className="mt-2 block font-medium break-words text-stone-800">{s.member.email}</span>
      </>
    );
  }
  return (
    <>
      <span className="block">
        {s.tier.name} for {memberName(s)} ends now and its content closes to them.
        {s.isPaid && ' Billing stops at the payment provider. Nothing is refunded: refund a payment separately.'}
      </span>
      <span className="mt-2 block font-medium break-words text-stone-800">{s.member.email}</span>
    </>
  );
}

/**
 * The Actions column of a subscriptions table ('Cancel now', 'Cancel at period end', each only
 * where the server says it is possible) and the confirm dialog behind them. The outcome is told
 * through the page's notice.
 */
export function useCancelActions(notice: ReturnType<typeof useMoneyNotice>) {
  const cancel = useCancelSubscription();
  const [target, setTarget] = useState<{ subscription: AdminSubscriptionRow; when: CancelWhen } | null>(null);
  // kept apart from the target, so the dialog's closing transition still shows whom it was about
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);

  const ask = useCallback((subscription: AdminSubscriptionRow, when: CancelWhen, button: HTMLButtonElement) => {
    opener.current = button;
    setTarget({ subscription, when });
    setOpen(true);
  }, []);

  const column = useMemo<DataTableColumn<AdminSubscriptionRow>>(
    () => ({
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      meta: { csv: false },
      cell: ({ row }) => <CancelButtons subscription={row.original} onCancel={ask} />,
    }),
    [ask],
  );

  async function confirm() {
    if (!target) return;
    const answer = await cancel.mutateAsync({ subscriptionId: target.subscription._id, when: target.when });
    notice.announce(cancelOutcomeText(answer));
  }

  // the button used is gone once its action is no longer possible: the outcome takes focus
  const focusAfterClose = () => (opener.current?.isConnected ? opener.current : notice.focus());

  const dialog = (
    <ConfirmDialog
      open={open}
      onClose={() => setOpen(false)}
      onConfirm={confirm}
      confirmLabel={target?.when === 'period_end' ? CANCEL_AT_PERIOD_END : CANCEL_NOW}
      cancelLabel="Keep subscription"
      focusAfterClose={focusAfterClose}
    >
      {target && <ConfirmText {...target} />}
    </ConfirmDialog>
  );

  return { column, dialog };
}

function CancelButtons({
  subscription: s,
  onCancel,
}: {
  subscription: AdminSubscriptionRow;
  onCancel: (s: AdminSubscriptionRow, when: CancelWhen, button: HTMLButtonElement) => void;
}) {
  if (!s.canCancelNow && !s.canCancelAtPeriodEnd) return <span className="text-sm text-stone-500">No actions</span>;
  return (
    <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      {s.canCancelNow && (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`${CANCEL_NOW}: ${describeSubscription(s)}`}
          onClick={(e) => onCancel(s, 'now', e.currentTarget)}
        >
          {CANCEL_NOW}
        </Button>
      )}
      {s.canCancelAtPeriodEnd && (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`${CANCEL_AT_PERIOD_END}: ${describeSubscription(s)}`}
          onClick={(e) => onCancel(s, 'period_end', e.currentTarget)}
        >
          {CANCEL_AT_PERIOD_END}
        </Button>
      )}
    </div>
  );
}
