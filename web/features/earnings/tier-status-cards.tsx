import { Link } from 'react-router';
import type { FacilitatorDashboardAnswer } from '@common/payments/schemas';
import { dollarsText } from './dollars';

type TierStatus = FacilitatorDashboardAnswer['tiers'][number];

const count = new Intl.NumberFormat('en-GB');

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-xs font-medium text-stone-500">{label}</dt>
      {/* pushed down so the figures line up when a label wraps */}
      <dd className="mt-auto pt-1 text-xl font-semibold text-stone-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** 'Status of Tiers': active subscribers, times files were opened, dollars earned (rounded). */
export function TierStatusCards({ tiers }: { tiers: TierStatus[] }) {
  if (tiers.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center">
        <p className="text-base font-medium text-stone-800">You have no tiers yet</p>
        <p className="mt-1 text-sm text-stone-600">
          Add a subscription or a course on the{' '}
          <Link to="/program" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            Membership
          </Link>{' '}
          page and its numbers will show here.
        </p>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {tiers.map((tier) => (
        <li key={tier._id}>
          <article
            aria-labelledby={`tier-status-${tier._id}`}
            className="h-full rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <h3 id={`tier-status-${tier._id}`} className="min-w-0 text-base font-semibold break-words text-stone-900">
                {tier.name}
              </h3>
              <span className="shrink-0 rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-medium text-stone-700">
                {tier.type === 'subscription' ? 'Subscription' : 'One-off'}
              </span>
            </div>
            <dl className="mt-4 grid grid-cols-3 gap-3">
              <Stat label="Active subscribers" value={count.format(tier.activeSubscribers)} />
              <Stat label="Times files opened" value={count.format(tier.hitCount)} />
              <Stat label="Earned" value={dollarsText(tier.earned)} />
            </dl>
          </article>
        </li>
      ))}
    </ul>
  );
}

export function TierStatusSkeleton() {
  return (
    <div role="status" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <span className="sr-only">Loading your tiers…</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-36 animate-pulse rounded-2xl bg-stone-200/60 motion-reduce:animate-none" />
      ))}
    </div>
  );
}
