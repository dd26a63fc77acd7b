import clsx from 'clsx';
import { dateText } from '@web/components/dates';
import type { AdminSubscriptionRow } from '@common/admin/money-schemas';
import { formatUsd } from '@common/money';

/** The day without the time, MM/dd/yyyy like every date: '11/23/2026'. */
export function formatDay(iso: string) {
  return dateText(iso);
}

export const priceText = (s: Pick<AdminSubscriptionRow, 'price' | 'isPaid'>) =>
  s.isPaid || s.price > 0 ? formatUsd(s.price) : 'Free';

type Tone = 'active' | 'ending' | 'warning' | 'ended';

/** Where a subscription stands, in words: 'Active', 'Ends 1 Jul 2026', 'Past due', 'Ended 3 May 2026'. */
export function subscriptionStatus(s: AdminSubscriptionRow): { text: string; tone: Tone } {
  if (!s.canCancelNow) return { text: s.endDate ? `Ended ${formatDay(s.endDate)}` : 'Ended', tone: 'ended' };
  if (s.cancelAtPeriodEnd)
    return { text: s.endDate ? `Ends ${formatDay(s.endDate)}` : 'Ends at period end', tone: 'ending' };
  if (s.status === 'past_due') return { text: 'Past due', tone: 'warning' };
  if (s.status === 'unpaid') return { text: 'Unpaid', tone: 'warning' };
  if (s.status === 'incomplete') return { text: 'Awaiting payment', tone: 'warning' };
  if (s.status === 'trialing') return { text: 'Trial', tone: 'active' };
  return { text: 'Active', tone: 'active' };
}

const tones: Record<Tone, string> = {
  active: 'bg-brand-50 text-brand-800 ring-brand-600/20',
  ending: 'bg-amber-50 text-amber-900 ring-amber-600/20',
  warning: 'bg-red-50 text-red-800 ring-red-600/20',
  ended: 'bg-stone-50 text-stone-600 ring-stone-500/20',
};

export function SubscriptionStatusBadge({ subscription }: { subscription: AdminSubscriptionRow }) {
  const { text, tone } = subscriptionStatus(subscription);
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-md px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        tones[tone],
      )}
    >
      {text}
    </span>
  );
}
