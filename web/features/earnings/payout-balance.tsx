import { usePayouts } from './api/get-payouts';
import { dollarsText } from './dollars';

/** The payouts card's figures, in the order the money moves. */
export const BALANCE_TEXTS = {
  title: 'Your balance',
  pending: { label: 'Pending', hint: 'Paid by members, not yet ready to pay out' },
  available: { label: 'Available', hint: 'Ready for your next payout' },
  paidOut: { label: 'Paid out', hint: 'Sent to your bank' },
  fees: { label: 'Fees', hint: 'Taken before the money reached your balance' },
} as const;

const ORDER = ['pending', 'available', 'paidOut', 'fees'] as const;

/**
 * Where the money stands, from the payment provider's balance (Stripe's, or test mode's ledger).
 * Loading and failure are shown by the payouts history under it, which reads the same answer.
 */
export function PayoutBalance() {
  const balance = usePayouts().data?.balance;
  if (!balance) return null;
  return (
    <div className="mb-4">
      <h3 className="mb-2 text-sm font-semibold text-stone-900">{BALANCE_TEXTS.title}</h3>
      <dl className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        {ORDER.map((key) => (
          <div key={key} className="rounded-xl bg-stone-50 px-3 py-2 ring-1 ring-stone-100 ring-inset">
            <dt className="text-xs font-medium text-stone-600">{BALANCE_TEXTS[key].label}</dt>
            <dd className="text-lg font-semibold text-stone-900 tabular-nums">{dollarsText(balance[key])}</dd>
            <dd className="text-xs text-stone-500">{BALANCE_TEXTS[key].hint}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
