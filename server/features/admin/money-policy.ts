import { and, eq, isNotNull, isNull, ne, notInArray, or, type SQL } from 'drizzle-orm';
import { type revenueEntries, subscriptions, type Subscription } from '../../db/schema';
import { isActiveSql, isEntitled } from '../subscriptions/service';

// issue 14 item 7: what an admin may do with a member's subscription or payment. Pure rules, so
// the lists can tell the client (canCancelNow, canRefund) and the actions refuse the same cases.

type RevenueEntry = typeof revenueEntries.$inferSelect;

/** The provider has ended these for good; nothing is left to cancel there. */
const ENDED_AT_PROVIDER = ['canceled', 'incomplete_expired'];

type Cancellable = Pick<
  Subscription,
  'provider' | 'providerSubscriptionId' | 'status' | 'cancelled' | 'cancelAtPeriodEnd' | 'endDate'
>;

/** Paid subscriptions the provider bills; free ones and courses (paid once) live in Tend only. */
export const billedByProvider = (s: Pick<Subscription, 'provider' | 'providerSubscriptionId'>) =>
  s.provider !== 'free' && s.providerSubscriptionId !== null;

/**
 * A billed subscription may be cancelled now until the provider has ended it (past-due ones too,
 * which it keeps trying to charge), and at the period's end while it is paid up and not already
 * ending. Anything else may be cancelled now while it is active; it has no period to wait for.
 */
export function cancelAbilities(s: Cancellable, now = new Date()) {
  if (billedByProvider(s)) {
    const open = !ENDED_AT_PROVIDER.includes(s.status);
    return {
      canCancelNow: open,
      canCancelAtPeriodEnd: open && ['active', 'trialing'].includes(s.status) && !s.cancelAtPeriodEnd,
    };
  }
  return { canCancelNow: !s.cancelled && isEntitled(s, now), canCancelAtPeriodEnd: false };
}

/** The subscriptions cancelAbilities lets an admin cancel now, as SQL (a facilitator's current subscribers). */
export const cancellableSql = (): SQL =>
  or(
    and(
      ne(subscriptions.provider, 'free'),
      isNotNull(subscriptions.providerSubscriptionId),
      notInArray(subscriptions.status, ENDED_AT_PROVIDER),
    ),
    and(
      or(eq(subscriptions.provider, 'free'), isNull(subscriptions.providerSubscriptionId)),
      eq(subscriptions.cancelled, false),
      isActiveSql(),
    ),
  )!;

export type RefundRefusal = 'not_a_payment' | 'no_payment_ref' | 'payment_disputed' | 'already_refunded';

/**
 * What is left to refund of an entry, given the cents already gone back (refunds and lost
 * disputes, stored as negative entries with its payment_ref), and why a refund is refused if it is.
 */
export function refundAbilities(
  entry: Pick<RevenueEntry, 'kind' | 'amountCents' | 'paymentRef' | 'disputeStatus'>,
  returnedCents: number,
) {
  const leftCents = entry.kind === 'payment' ? Math.max(0, entry.amountCents - returnedCents) : 0;
  const refusal: RefundRefusal | null =
    entry.kind !== 'payment'
      ? 'not_a_payment'
      : !entry.paymentRef
        ? 'no_payment_ref'
        : entry.disputeStatus === 'open'
          ? 'payment_disputed'
          : leftCents <= 0
            ? 'already_refunded'
            : null;
  return { leftCents, refusal };
}
