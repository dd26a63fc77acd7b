import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type Offer, offerRedemptions, offers } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { conflict } from '../../platform/errors';
import { offerStatus } from './presenter';

/**
 * How long a reservation outlives its checkout: the provider stops taking payment at the
 * checkout's expiry, so a reservation released after this margin can never be paid any more.
 */
const RELEASE_MARGIN_MS = 10 * 60 * 1000;

/**
 * Releases the reservations of an offer whose checkouts can no longer be paid (abandoned: never
 * paid, and past their expiry), so they stop counting against the limit. One statement per move.
 */
export async function releaseLapsed(db: Executor, offerId: string) {
  const lapsed = await db
    .update(offerRedemptions)
    .set({ status: 'released' })
    .where(
      and(
        eq(offerRedemptions.offerId, offerId),
        // a referral reward's redemption never counted in the offer's `used`
        isNull(offerRedemptions.referralId),
        eq(offerRedemptions.status, 'reserved'),
        lt(offerRedemptions.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: offerRedemptions.id });
  if (lapsed.length > 0)
    await db
      .update(offers)
      .set({ used: sql`${offers.used} - ${lapsed.length}` })
      .where(eq(offers.id, offerId));
}

/**
 * Reserves one redemption of an offer for a checkout about to open, or refuses with the reason
 * (409 offer_archived, offer_ended, offer_used_up). The reservation is one conditional UPDATE of
 * the offer row (`used < limit`): PostgreSQL runs concurrent updates of one row one after the
 * other and checks the condition again on the row each finds, so however many checkouts on
 * however many instances ask at once, no more than the limit are reserved; a check constraint
 * on the table refuses the rest should any code path forget the condition.
 */
export async function reserveRedemption(ctx: AppContext, offer: Offer, userId: string, checkoutExpiresAt: Date) {
  return ctx.db.transaction(async (tx) => {
    await releaseLapsed(tx, offer.id);
    const taken = await tx
      .update(offers)
      .set({ used: sql`${offers.used} + 1` })
      .where(
        and(
          eq(offers.id, offer.id),
          isNull(offers.archivedAt),
          or(isNull(offers.endsAt), gt(offers.endsAt, sql`now()`)),
          or(isNull(offers.redemptionLimit), lt(offers.used, offers.redemptionLimit)),
        ),
      )
      .returning({ id: offers.id });
    if (taken.length === 0) {
      const [now] = await tx.select().from(offers).where(eq(offers.id, offer.id));
      const status = now ? offerStatus(now) : 'archived';
      throw conflict(status === 'active' ? 'offer_used_up' : `offer_${status}`);
    }
    const [row] = await tx
      .insert(offerRedemptions)
      .values({
        offerId: offer.id,
        userId,
        expiresAt: new Date(checkoutExpiresAt.getTime() + RELEASE_MARGIN_MS),
      })
      .returning({ id: offerRedemptions.id });
    return row!.id;
  });
}

/**
 * Reserves a referral reward for a checkout about to open. A reward is personal and granted, so it
 * does not take a place under the offer's public limit (nor count in `used`): the partial unique
 * index on referral_id lets one redemption of it be held or confirmed at a time, and refuses the
 * rest (409 reward_redeemed). A reservation whose checkout lapsed unpaid is released first.
 */
export async function reserveReward(
  ctx: AppContext,
  offer: Offer,
  referralId: string,
  userId: string,
  checkoutExpiresAt: Date,
) {
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(offerRedemptions)
      .set({ status: 'released' })
      .where(
        and(
          eq(offerRedemptions.referralId, referralId),
          eq(offerRedemptions.status, 'reserved'),
          lt(offerRedemptions.expiresAt, sql`now()`),
        ),
      );
    const [row] = await tx
      .insert(offerRedemptions)
      .values({
        offerId: offer.id,
        userId,
        referralId,
        expiresAt: new Date(checkoutExpiresAt.getTime() + RELEASE_MARGIN_MS),
      })
      .onConflictDoNothing()
      .returning({ id: offerRedemptions.id });
    if (!row) throw conflict('reward_redeemed');
    return row.id;
  });
}

/** The checkout now holding a reservation (its provider id, known once it opened). */
export const attachCheckout = (db: Executor, redemptionId: string, checkoutId: string) =>
  db.update(offerRedemptions).set({ checkoutId }).where(eq(offerRedemptions.id, redemptionId));

/**
 * A reservation whose checkout will not be paid (expired, replaced, failed to open) stops
 * counting. Only a reservation still 'reserved' moves, so releasing twice releases once.
 * Runs in the caller's transaction, or as two statements in one of its own.
 */
export async function releaseRedemption(db: Executor, redemptionId: string | undefined) {
  if (!redemptionId) return;
  const [released] = await db
    .update(offerRedemptions)
    .set({ status: 'released' })
    .where(and(eq(offerRedemptions.id, redemptionId), eq(offerRedemptions.status, 'reserved')))
    .returning({ offerId: offerRedemptions.offerId, referralId: offerRedemptions.referralId });
  // a referral reward's redemption is outside the offer's counts
  if (released && !released.referralId)
    await db
      .update(offers)
      .set({ used: sql`${offers.used} - 1` })
      .where(eq(offers.id, released.offerId));
}

/** A paid checkout confirms its reservation: the offer counts one redemption more, once. */
export async function confirmRedemption(db: Executor, redemptionId: string | undefined) {
  if (!redemptionId) return;
  const [confirmed] = await db
    .update(offerRedemptions)
    .set({ status: 'confirmed' })
    .where(and(eq(offerRedemptions.id, redemptionId), eq(offerRedemptions.status, 'reserved')))
    .returning({ offerId: offerRedemptions.offerId, referralId: offerRedemptions.referralId });
  if (confirmed && !confirmed.referralId)
    await db
      .update(offers)
      .set({ redeemed: sql`${offers.redeemed} + 1` })
      .where(eq(offers.id, confirmed.offerId));
}

/** How long a delayed payment method (a bank debit) may take to settle after its checkout completed. */
const SETTLING_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * A checkout completed with a payment still settling: its reservation is kept until the money
 * arrives (confirmed) or fails (released), not released when the checkout's time is up.
 */
export async function holdWhileSettling(db: Executor, redemptionId: string | undefined) {
  if (!redemptionId) return;
  await db
    .update(offerRedemptions)
    .set({ expiresAt: new Date(Date.now() + SETTLING_MS) })
    .where(and(eq(offerRedemptions.id, redemptionId), eq(offerRedemptions.status, 'reserved')));
}
