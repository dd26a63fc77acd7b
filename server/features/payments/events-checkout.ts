import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { checkoutSessions, users, type Tier, type User } from '../../db/schema';
import type { CheckoutFacts } from '../../platform/payments/provider';
import { giftPaid } from '../gifts/paid';
import { notify } from '../notifications/service';
import { confirmRedemption, releaseRedemption } from '../offers/redemptions';
import { seriesCheckoutLapsed, seriesPaid } from '../sessions/series-booking';
import { releaseCheckoutHold, sessionPaid } from '../sessions/service';
import { tellPromoted } from '../sessions/waitlist';
import { isEntitled } from '../subscriptions/entitlement';
import { subscriptionTo } from '../subscriptions/queries';
import { type Apply, earnerOf, findTier, findUser, type Outcome } from './events-shared';
import { isRunning, mirrorSubscription, upsertSubscription } from './events-subscriptions';
import { recordRevenue, refundDuplicate, sessionsEarner } from './revenue';

export const setCheckoutStatus = (db: Database, id: string, status: 'complete' | 'expired') =>
  db
    .update(checkoutSessions)
    .set({ status })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));

/** A paid checkout: the session is booked, the course unlocked, or the subscription started. */
export async function grant(a: Apply, c: CheckoutFacts): Promise<Outcome> {
  const { ctx, db, afterCommit } = a;
  // a gift: paid once, for someone else (gifts/paid.ts)
  if (c.metadata.giftId) return giftPaid(a, c);
  const member = await findUser(db, c.metadata.userId);
  if (!member) return 'ignored';
  const payment = {
    memberId: member.id,
    amountCents: c.amountCents,
    sourceId: c.id,
    paymentRef: c.paymentId,
    created: c.created,
    offerId: c.metadata.offerId,
    discountCents: c.discountCents ?? 0,
  };

  // a whole series paid at once: every held place booked by one guarded update (sessions/series-booking.ts)
  if (c.metadata.seriesBookingId) {
    const outcome = await seriesPaid(
      ctx,
      db,
      { seriesBookingId: c.metadata.seriesBookingId, userId: member.id, paymentId: c.paymentId },
      afterCommit,
    );
    if (outcome.status === 'already-mine') return 'duplicate';
    if (outcome.status !== 'booked') return outcome.status === 'ignored' ? 'ignored' : 'refunded';
    await recordRevenue(ctx, db, sessionsEarner(outcome.facilitatorId), payment);
    return 'applied';
  }

  if (c.metadata.sessionId) {
    const outcome = await sessionPaid(
      ctx,
      db,
      { sessionId: c.metadata.sessionId, userId: member.id, paymentId: c.paymentId },
      afterCommit,
    );
    // every paid amount is a revenue entry; a session payment refunded at once (booked by someone else) is not one
    if (outcome.status !== 'booked') return 'refunded';
    await recordRevenue(ctx, db, sessionsEarner(outcome.facilitatorId), payment);
    return 'applied';
  }

  const tier = await findTier(db, c.metadata.tierId);
  if (!tier) return 'ignored';
  // the checkout was paid: the redemption it reserved counts (a duplicate's included: it was used)
  await confirmRedemption(db, c.metadata.redemptionId);
  if (c.customerId && c.customerId !== member.stripeCustomerId)
    await db.update(users).set({ stripeCustomerId: c.customerId }).where(eq(users.id, member.id));
  const held = await subscriptionTo(db, member.id, tier.id);

  if (c.mode === 'subscription') {
    const remote = a.reads.remote;
    if (!remote) return 'ignored';
    if (held && isRunning(held) && held.providerSubscriptionId !== remote.id) {
      // a second checkout of a plan the member already has: never two subscriptions billing; its
      // first invoice is refunded here if it already counted, else when it arrives (invoicePaid)
      afterCommit.push(() => ctx.payments.cancelSubscription(remote.id, { now: true }));
      await refundOnce(a, c.paymentId);
      await tellDuplicate(db, member, tier);
      return 'refunded';
    }
    await mirrorSubscription(a, remote, { userId: member.id, tier });
  } else {
    if (held && isEntitled(held) && !held.cancelled) {
      await refundOnce(a, c.paymentId, { earner: earnerOf(tier), payment });
      await tellDuplicate(db, member, tier);
      return 'refunded';
    }
    // a course: paid once, held for good
    await upsertSubscription(ctx, db, member.id, tier, {
      status: 'active',
      providerSubscriptionId: null,
      cancelled: false,
      cancelAtPeriodEnd: false,
      endDate: null,
      currentPeriodEnd: null,
    });
    await recordRevenue(ctx, db, earnerOf(tier), payment);
  }
  await notify(db, {
    userId: tier.userId,
    type: 'subscriber',
    message: `${member.name} ${tier.type === 'single' ? 'bought' : 'subscribed to'} ${tier.name}.`,
    link: '/dashboard',
  });
  return 'applied';
}

/** A duplicate payment, refunded in Tend's books now and at the provider once the event has committed. */
export async function refundOnce(a: Apply, paymentId: string | null, paid?: Parameters<typeof refundDuplicate>[3]) {
  if (paymentId && (await refundDuplicate(a.ctx, a.db, paymentId, paid)))
    a.afterCommit.push(() => a.ctx.payments.refundPayment(paymentId));
}

const tellDuplicate = (db: Database, member: User, tier: Tier) =>
  notify(db, {
    userId: member.id,
    type: 'payment',
    message:
      `You already have ${tier.name}, so your second payment has been refunded` +
      `${tier.type === 'subscription' ? ' and the extra subscription cancelled' : ''}.`,
    link: '/subscriptions',
  });

/** A checkout that will not be paid: its session hold ends; a failed delayed payment is told to the member. */
export async function checkoutLapsed(a: Apply, c: CheckoutFacts, failed: boolean): Promise<Outcome> {
  await setCheckoutStatus(a.db, c.id, 'expired');
  // an offer's place held by a checkout that will not be paid is free again
  await releaseRedemption(a.db, c.metadata.redemptionId);
  if (c.metadata.seriesBookingId) {
    const promoted = await seriesCheckoutLapsed(a.db, c.metadata.seriesBookingId);
    if (promoted.length > 0) a.afterCommit.push(() => tellPromoted(a.ctx, promoted));
  }
  if (c.metadata.sessionId) {
    // the freed place goes to the session's waitlist; they are told once this commits
    const promoted = await releaseCheckoutHold(a.db, c.metadata.sessionId, c.metadata.userId ?? '');
    if (promoted.length > 0) a.afterCommit.push(() => tellPromoted(a.ctx, promoted));
  }
  if (!failed) return 'applied';
  const member = await findUser(a.db, c.metadata.userId);
  if (!member) return 'ignored';
  await notify(a.db, {
    userId: member.id,
    type: 'payment',
    message:
      'Your payment did not go through, so nothing was booked or unlocked. ' +
      'You can try again with another payment method.',
    link: '/subscriptions',
  });
  return 'applied';
}
