import clsx from 'clsx';
import { BanknotesIcon } from '@heroicons/react/24/outline';
import { PAYOUT_STATUS_TEXTS, type PayoutsAnswer } from '@common/payments/money-schemas';
import type { FacilitatorDashboardAnswer } from '@common/payments/schemas';
import { Link } from 'react-router';
import { Button } from '@web/components/button';
import { getBankLinkUrl } from './api/get-bank-link-url';
import { getPayoutsLoginUrl } from './api/get-payouts-login-url';
import { usePayouts } from './api/get-payouts';
import { displayDay } from './dates';
import { dollarsText } from './dollars';
import { PayoutBalance } from './payout-balance';

type PayoutsStatus = FacilitatorDashboardAnswer['payouts']['status'];

/** The three bank-link button texts of Settings, word for word as the product shows them. */
export const PAYOUT_ACTIONS: Record<PayoutsStatus, { button: string; badge: string; text: string }> = {
  not_linked: {
    button: 'Link Bank Account',
    badge: 'Not linked',
    text: 'Link a bank account so that what members pay reaches you.',
  },
  incomplete: {
    button: 'Finish Linking Payment Details',
    badge: 'Incomplete',
    text: 'A few payment details are still missing before payouts can start.',
  },
  linked: {
    button: 'Manage Payment Details',
    badge: 'Linked',
    text: 'Your bank account is linked: payouts reach it automatically.',
  },
};

const badgeTone: Record<PayoutsStatus, string> = {
  not_linked: 'bg-amber-50 text-amber-900 ring-amber-200',
  incomplete: 'bg-amber-50 text-amber-900 ring-amber-200',
  linked: 'bg-brand-50 text-brand-800 ring-brand-100',
};

/** Linking and managing go to the payment provider's own pages (Stripe Connect, or test mode's). */
async function openPayouts(status: PayoutsStatus) {
  const url = status === 'linked' ? await getPayoutsLoginUrl() : await getBankLinkUrl();
  window.location.assign(url);
}

type Payout = PayoutsAnswer['payouts'][number];

const PAYOUT_TONE: Record<Payout['status'], string> = {
  paid: 'text-brand-800',
  pending: 'text-stone-700',
  in_transit: 'text-stone-700',
  failed: 'text-red-700',
  canceled: 'text-stone-600',
};

/** The provider's latest payouts (Stripe's, or test mode's own), newest first. */
function PayoutHistory() {
  const payouts = usePayouts();
  if (payouts.isPending) {
    return (
      <div role="status" className="animate-pulse space-y-2 motion-reduce:animate-none">
        <span className="sr-only">Loading payouts…</span>
        <div aria-hidden="true" className="h-5 w-2/3 rounded bg-stone-100" />
        <div aria-hidden="true" className="h-5 w-1/2 rounded bg-stone-100" />
      </div>
    );
  }
  if (payouts.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-stone-700">
        <p>We could not load your payouts.</p>
        <Button variant="secondary" size="sm" onClick={() => payouts.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (payouts.data.payouts.length === 0) {
    return (
      <p className="text-sm text-stone-600">
        No payouts yet. What members pay reaches your bank a few days after they pay.
      </p>
    );
  }
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Recent payouts, newest first</caption>
      <thead>
        <tr className="text-left text-xs font-medium text-stone-600">
          <th scope="col" className="pb-1 font-medium">
            Arrival
          </th>
          <th scope="col" className="pb-1 font-medium">
            Status
          </th>
          <th scope="col" className="pb-1 text-right font-medium">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {payouts.data.payouts.map((payout) => (
          <tr key={payout._id} className="border-t border-stone-100">
            <td className="py-2 text-stone-700 tabular-nums">{displayDay(payout.arrivalDate)}</td>
            <td className={clsx('py-2 font-medium', PAYOUT_TONE[payout.status])}>
              {PAYOUT_STATUS_TEXTS[payout.status]}
            </td>
            <td className="py-2 text-right font-medium text-stone-900 tabular-nums">{dollarsText(payout.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PayoutsCard({ status }: { status: PayoutsStatus }) {
  const action = PAYOUT_ACTIONS[status];
  return (
    <section
      aria-labelledby="payouts-title"
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <BanknotesIcon className="size-5" aria-hidden="true" />
          </span>
          <div>
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="payouts-title" className="text-base font-semibold text-stone-900">
                Payouts
              </h2>
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${badgeTone[status]}`}>
                {action.badge}
              </span>
            </div>
            <p className="mt-0.5 text-sm text-stone-600">{action.text}</p>
          </div>
        </div>
        <Button
          variant={status === 'linked' ? 'secondary' : 'primary'}
          onClick={() => openPayouts(status)}
          className="shrink-0"
        >
          {action.button}
        </Button>
      </div>
      {status !== 'not_linked' && (
        <div className="mt-4 border-t border-stone-100 pt-4 sm:ml-13">
          <p className="mb-3 text-sm text-stone-700">
            Moving from your own Stripe account?{' '}
            <Link to="/import-from-stripe" className="text-brand-700 underline underline-offset-2">
              Import from Stripe
            </Link>
          </p>
          <PayoutBalance />
          <h3 className="mb-2 text-sm font-semibold text-stone-900">Recent payouts</h3>
          <PayoutHistory />
        </div>
      )}
    </section>
  );
}

export function PayoutsSkeleton() {
  return (
    <div aria-hidden="true" className="h-20 animate-pulse rounded-2xl bg-stone-200/60 motion-reduce:animate-none" />
  );
}
