import { and, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { type Subscription, subscriptions } from '../../db/schema';

/**
 * Whether a subscription entitles its member to the tier, written once as a JS predicate (for a
 * row in hand) and once as SQL (for a query), side by side so they cannot drift apart;
 * entitlement.test.ts builds a row in every state the schema can express and checks both agree.
 */

/**
 * The provider's statuses that keep access: paying, in a free trial, or past due while the
 * provider retries the card (access ends at 'unpaid' or 'canceled', when the retries run out).
 */
export const ENTITLED_STATUSES = ['active', 'trialing', 'past_due'];

type Facts = Pick<Subscription, 'cancelled' | 'status' | 'endDate'>;

/**
 * Entitled: the provider's status keeps access and the paid period has not ended. A paid
 * subscription cancelled at the period's end keeps its content until endDate; a cancellation
 * without an end date ends it at once.
 */
export function isEntitled(sub: Facts, now = new Date()) {
  return (
    ENTITLED_STATUSES.includes(sub.status) &&
    (!sub.endDate || sub.endDate > now) &&
    (!sub.cancelled || sub.endDate !== null)
  );
}

/** isEntitled as SQL over `subscriptions`. */
export const entitledSql = (): SQL =>
  and(
    inArray(subscriptions.status, ENTITLED_STATUSES),
    or(isNull(subscriptions.endDate), gt(subscriptions.endDate, sql`now()`)),
    or(eq(subscriptions.cancelled, false), isNotNull(subscriptions.endDate)),
  )!;

/** Active (My Subscriptions' tab, a tier's subscriber count): entitled and not set to end. */
export const isActive = (sub: Facts, now = new Date()) => !sub.cancelled && isEntitled(sub, now);
