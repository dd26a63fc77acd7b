import { BanknotesIcon } from '@heroicons/react/24/outline';
import type { FacilitatorDashboardAnswer } from '@common/payments/schemas';
import { Button } from '@web/components/button';
import { getBankLinkUrl } from './api/get-bank-link-url';
import { getPayoutsLoginUrl } from './api/get-payouts-login-url';

type PayoutsStatus = FacilitatorDashboardAnswer['payouts']['status'];

/** spec 02 §2 Settings: the three bank-link button texts, verbatim. */
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

export function PayoutsCard({ status }: { status: PayoutsStatus }) {
  const action = PAYOUT_ACTIONS[status];
  return (
    <section
      aria-labelledby="payouts-title"
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <BanknotesIcon className="size-5" aria-hidden="true" />
        </span>
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="payouts-title" className="text-base font-semibold text-stone-900">
              Payouts
            </h2>
            <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${badgeTone[status]}`}>{action.badge}</span>
          </div>
          <p className="mt-0.5 text-sm text-stone-600">{action.text}</p>
        </div>
      </div>
      <Button variant={status === 'linked' ? 'secondary' : 'primary'} onClick={() => openPayouts(status)} className="shrink-0">
        {action.button}
      </Button>
    </section>
  );
}

export function PayoutsSkeleton() {
  return <div aria-hidden="true" className="h-20 animate-pulse rounded-2xl bg-stone-200/60 motion-reduce:animate-none" />;
}
