import { SESSION_MESSAGES } from '@common/sessions/messages';
import { useSessionCredits } from './api/get-session-credits';

const renewDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });

/**
 * My Subscriptions: the live session credits my tiers include, with how many are left this
 * period and when they renew. Nothing at all for a member whose tiers include none.
 */
export function SessionCreditsPanel() {
  const credits = useSessionCredits();
  if (credits.isPending) return <p className="sr-only">Loading your session credits…</p>;
  if (credits.isError)
    return (
      // not an alert: the page's own subscriptions matter more than this side panel
      <p className="text-sm text-stone-600">
        We could not load your session credits.{' '}
        <button type="button" className="underline" onClick={() => credits.refetch()}>
          Try again
        </button>
      </p>
    );
  if (credits.data.length === 0) return null;
  return (
    <section aria-labelledby="session-credits-title" className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100">
      <h2 id="session-credits-title" className="text-sm font-semibold text-brand-900">
        Live session credits
      </h2>
      <ul className="mt-2 space-y-1 text-sm text-stone-800">
        {credits.data.map((c) => (
          <li key={c.subscriptionId}>
            <span className="font-medium">{c.tierName}</span> with {c.facilitator.name}:{' '}
            {SESSION_MESSAGES.creditsLeftLine(c.left, c.perPeriod, c.period)}, renewing {renewDate(c.renewsAt)}
          </li>
        ))}
      </ul>
    </section>
  );
}
