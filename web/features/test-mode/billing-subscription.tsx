import { useId, useState } from 'react';
import { toast } from 'sonner';
import { dollarsToCents } from '@common/money';
import type { SubscriptionAnswer } from '@common/payments/schemas';
import { EVERY_INTERVAL, PER_INTERVAL } from '@common/tiers/intervals';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { dateText } from '@web/components/dates';
import { useCancelTestSubscription } from './api/cancel-test-subscription';
import { useFailTestRenewal } from './api/fail-test-renewal';
import { useRenewTestSubscription } from './api/renew-test-subscription';
import { useResumeTestSubscription } from './api/resume-test-subscription';
import { billingStateOf, type BillingState } from './billing-state';
import { usdText } from './usd';
import clsx from 'clsx';

const day = (iso: string) => dateText(iso);

const badge: Record<BillingState, { text: string; className: string }> = {
  renewing: { text: 'Active', className: 'bg-brand-50 text-brand-800 ring-brand-100' },
  cancelling: { text: 'Cancels at period end', className: 'bg-amber-50 text-amber-900 ring-amber-200' },
  ended: { text: 'Ended', className: 'bg-stone-100 text-stone-700 ring-stone-200' },
};

function whenText(sub: SubscriptionAnswer, state: BillingState) {
  if (state === 'renewing') {
    return sub.renewsAt
      ? `Renews on ${day(sub.renewsAt)}`
      : `Renews ${EVERY_INTERVAL[sub.tier.interval].toLowerCase()} · started ${day(sub.startDate)}`;
  }
  if (state === 'cancelling')
    return sub.endDate ? `Paid until ${day(sub.endDate)}, then it ends` : 'Ends at the end of the paid period';
  return sub.endDate ? `Ended on ${day(sub.endDate)}` : 'Ended';
}

/** One paid subscription on the test billing page, with what can be done to it. */
export function BillingSubscription({ sub }: { sub: SubscriptionAnswer }) {
  const state = billingStateOf(sub);
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelTestSubscription();
  const resume = useResumeTestSubscription();
  const renew = useRenewTestSubscription();
  const fail = useFailTestRenewal();
  const hintId = useId();
  const name = sub.tier.name;

  return (
    <article aria-labelledby={`${hintId}-name`} className="rounded-xl border border-stone-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`${hintId}-name`} className="font-semibold break-words text-stone-900">
            {name}
          </h2>
          <p className="text-sm text-stone-600">
            {sub.facilitator.name} · {usdText(dollarsToCents(sub.price))} {PER_INTERVAL[sub.tier.interval]}
          </p>
        </div>
        <span
          className={clsx(
            'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
            badge[state].className,
          )}
        >
          {badge[state].text}
        </span>
      </div>
      <p className="mt-2 text-sm text-stone-700">{whenText(sub, state)}</p>

      {state !== 'ended' && (
        <>
          <div className="mt-4 flex flex-wrap gap-2">
            {state === 'renewing' ? (
              <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
                Cancel subscription
              </Button>
            ) : (
              <Button
                size="sm"
                onClick={async () => {
                  await resume.mutateAsync(sub._id);
                  toast.success(`${name} will renew again.`);
                }}
              >
                Resume subscription
              </Button>
            )}
            <Button
              variant="secondary"
              size="sm"
              aria-describedby={hintId}
              onClick={async () => {
                await renew.mutateAsync(sub._id);
                toast.success(state === 'cancelling' ? `${name} has ended.` : `Next payment for ${name} recorded.`);
              }}
            >
              Simulate next payment
            </Button>
            {state === 'renewing' && sub.stripeDetails.status !== 'past_due' && (
              <Button
                variant="secondary"
                size="sm"
                onClick={async () => {
                  await fail.mutateAsync(sub._id);
                  toast.warning(`The next payment for ${name} was declined: it is past due.`);
                }}
              >
                Simulate declined payment
              </Button>
            )}
          </div>
          {sub.stripeDetails.status === 'past_due' && (
            <p className="mt-2 text-sm font-medium text-amber-900">
              Past due: the last payment was declined. Access continues while the payment is retried.
            </p>
          )}
          <p id={hintId} className="mt-2 text-xs text-stone-500">
            {state === 'cancelling'
              ? 'Test mode: simulating the next payment ends this subscription now, as it is set to cancel.'
              : 'Test mode: records the next payment at once, as a real renewal would, without charging anything.'}
          </p>
        </>
      )}

      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await cancel.mutateAsync(sub._id);
          toast.success(`${name} is cancelled. It stays yours until the end of the paid period.`);
        }}
        confirmLabel="Cancel subscription"
        cancelLabel="Keep subscription"
      >
        You keep {name} until the end of the period you have paid for; after that it will not renew. You can resume it
        any time before then.
      </ConfirmDialog>
    </article>
  );
}
