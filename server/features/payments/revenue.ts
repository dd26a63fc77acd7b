import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isId } from '../../../common/params';
import { offers, revenueEntries, subscriptions, tiers } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { DisputeFacts, RefundFacts } from '../../platform/payments/provider';
import { revokeRefundedGift } from '../gifts/refunds';
import { notify } from '../notifications/service';
import { recordReferredPayment } from '../referrals/service';
import { tierGroupFollows } from '../subscriptions/tier-group';

/** Who earned a payment, and the line of the earnings chart it counts on. */
export type Earner = { facilitatorId: string; tierId: string | null; name: string };

/** Paid sessions share one line of the chart (it groups by tier, or by this name without one). */
const SESSIONS_REVENUE_NAME = 'Sessions';

/** The earner of a paid session or series place: its facilitator, on the chart's sessions line. */
export const sessionsEarner = (facilitatorId: string): Earner => ({
  facilitatorId,
  tierId: null,
  name: SESSIONS_REVENUE_NAME,
});

export const usd = (cents: number) => `$${(Math.abs(cents) / 100).toFixed(2)}`;

type Payment = {
  memberId: string | null;
  amountCents: number;
  sourceId: string;
  paymentRef: string | null;
  created?: number;
  /** the offer the member came through (from the checkout's or subscription's metadata) */
  offerId?: string;
  /** what the offer took off this payment */
  discountCents?: number;
  /** Tend's share of it in percent, when not the configured one (none on a facilitator's own account) */
  feePercent?: number;
};

/** The offer a payment came through, kept on its entry with its code (null when it is unknown). */
async function offerOf(db: Database, offerId: string | undefined) {
  if (!isId(offerId)) return undefined;
  return (await db.select({ id: offers.id, code: offers.code }).from(offers).where(eq(offers.id, offerId)).limit(1))[0];
}

/**
 * Every amount paid to a facilitator is one entry, keyed by the provider object
 * that paid it, with Tend's fee. Refunds and lost disputes are entries too, negative, so sums
 * over any window are net.
 */
export async function recordRevenue(ctx: AppContext, db: Database, earner: Earner, payment: Payment) {
  if (payment.amountCents <= 0) return;
  const occurredAt = payment.created ? new Date(payment.created * 1000) : new Date();
  const offer = await offerOf(db, payment.offerId);
  const inserted = await db
    .insert(revenueEntries)
    .values({
      facilitatorId: earner.facilitatorId,
      tierId: earner.tierId,
      tierName: earner.name,
      amountCents: payment.amountCents,
      feeCents: Math.round((payment.amountCents * (payment.feePercent ?? ctx.config.platformFeePercent)) / 100),
      memberId: payment.memberId,
      paymentRef: payment.paymentRef,
      occurredAt,
      sourceId: payment.sourceId,
      offerId: offer?.id ?? null,
      offerCode: offer?.code ?? null,
      discountCents: payment.discountCents ?? 0,
    })
    .onConflictDoNothing()
    .returning({ id: revenueEntries.id });
  // a referred member's first payment is written on their referral (once: referrals/service.ts)
  if (inserted.length > 0 && payment.memberId)
    await recordReferredPayment(db, {
      memberId: payment.memberId,
      facilitatorId: earner.facilitatorId,
      tierId: earner.tierId,
      amountCents: payment.amountCents,
      sourceId: payment.sourceId,
      paidAt: occurredAt,
    });
}

const paymentEntry = async (db: Database, paymentRef: string | null) =>
  paymentRef
    ? (
        await db
          .select()
          .from(revenueEntries)
          .where(and(eq(revenueEntries.paymentRef, paymentRef), eq(revenueEntries.kind, 'payment')))
          .limit(1)
      )[0]
    : undefined;

type Entry = typeof revenueEntries.$inferSelect;

async function insertReversal(
  db: Database,
  entry: Entry,
  kind: 'refund' | 'dispute',
  amountCents: number,
  sourceId: string,
  created: number,
) {
  const inserted = await db
    .insert(revenueEntries)
    .values({
      facilitatorId: entry.facilitatorId,
      tierId: entry.tierId,
      tierName: entry.tierName,
      memberId: entry.memberId,
      paymentRef: entry.paymentRef,
      offerId: entry.offerId,
      offerCode: entry.offerCode,
      kind,
      amountCents: -amountCents,
      feeCents: -Math.round((entry.feeCents * amountCents) / entry.amountCents),
      occurredAt: new Date(created * 1000),
      sourceId,
    })
    .onConflictDoNothing()
    .returning({ id: revenueEntries.id });
  return inserted.length > 0;
}

/**
 * A second payment for what the member already holds is refunded in full at once: its payment
 * entry (written here when `paid` is given and no entry has it yet) and its refund entry are
 * written in one transaction, so it never counts as revenue, and the provider's refund event later
 * finds nothing left to reverse. Answers whether this call wrote the refund: the caller then asks
 * the provider for it, so however many events name the payment, it is refunded once.
 */
export async function refundDuplicate(
  ctx: AppContext,
  db: Database,
  paymentRef: string,
  paid?: { earner: Earner; payment: Payment },
) {
  let entry = await paymentEntry(db, paymentRef);
  if (!entry && paid) {
    await recordRevenue(ctx, db, paid.earner, { ...paid.payment, paymentRef });
    entry = await paymentEntry(db, paymentRef);
  }
  if (!entry) return false;
  const left = entry.amountCents - (await refundedCents(db, paymentRef));
  if (left <= 0) return false;
  return insertReversal(db, entry, 'refund', left, `${paymentRef}:duplicate`, Math.floor(Date.now() / 1000));
}

const refundedCents = async (db: Database, paymentRef: string) => {
  const [done] = await db
    .select({ cents: sql<number>`coalesce(-sum(${revenueEntries.amountCents}), 0)::int` })
    .from(revenueEntries)
    .where(and(eq(revenueEntries.paymentRef, paymentRef), eq(revenueEntries.kind, 'refund')));
  return Number(done?.cents ?? 0);
};

/**
 * A refund, from Tend or from the provider's dashboard: the part not yet reversed becomes a
 * negative entry (the provider reports the running total refunded, so partial refunds and
 * redeliveries add up exactly). A course refunded in full ends the member's access to it.
 */
export async function recordReversal(_ctx: AppContext, db: Database, refund: RefundFacts) {
  const entry = await paymentEntry(db, refund.paymentId);
  if (!entry) return 'ignored' as const;
  const delta = Math.min(refund.amountRefundedCents, entry.amountCents) - (await refundedCents(db, entry.paymentRef!));
  if (delta <= 0) return 'ignored' as const;
  await insertReversal(
    db,
    entry,
    'refund',
    delta,
    `${refund.chargeId}:refunded:${refund.amountRefundedCents}`,
    refund.created,
  );
  const full = refund.amountRefundedCents >= entry.amountCents;
  if (full && entry.tierId && entry.memberId) await endCourseAccess(db, entry.memberId, entry.tierId);
  // a gift refunded in full before anyone claimed it can no longer be claimed (gifts/refunds.ts)
  if (full && entry.paymentRef) await revokeRefundedGift(db, entry.paymentRef);
  await notify(db, {
    userId: entry.facilitatorId,
    type: 'payment',
    message: `A payment of ${usd(entry.amountCents)} for ${entry.tierName} was refunded (${usd(delta)}).`,
    link: '/dashboard',
  });
  return 'applied' as const;
}

async function endCourseAccess(db: Database, memberId: string, tierId: string) {
  const [tier] = await db.select().from(tiers).where(eq(tiers.id, tierId)).limit(1);
  if (tier?.type !== 'single') return;
  const ended = await db
    .update(subscriptions)
    .set({ cancelled: true, status: 'canceled', endDate: new Date() })
    .where(
      and(eq(subscriptions.userId, memberId), eq(subscriptions.tierId, tierId), eq(subscriptions.cancelled, false)),
    )
    .returning({ id: subscriptions.id });
  await tierGroupFollows(db, { userId: memberId, tier, hadAccess: ended.length > 0, hasAccess: false });
}

/**
 * A dispute marks its payment; a lost one takes the money back (a negative entry), and the
 * facilitator is told each time.
 */
export async function reverseDispute(_ctx: AppContext, db: Database, dispute: DisputeFacts) {
  const entry = await paymentEntry(db, dispute.paymentId);
  if (!entry) return 'ignored' as const;
  if (entry.disputeStatus === dispute.status) return 'ignored' as const;
  await db.update(revenueEntries).set({ disputeStatus: dispute.status }).where(eq(revenueEntries.id, entry.id));
  if (dispute.status === 'lost')
    await insertReversal(
      db,
      entry,
      'dispute',
      Math.min(dispute.amountCents, entry.amountCents),
      dispute.id,
      dispute.created,
    );
  const said = {
    open:
      `A member disputed a payment of ${usd(entry.amountCents)} for ${entry.tierName}. ` +
      'Stripe will ask for evidence by email.',
    won: `The dispute over ${usd(entry.amountCents)} for ${entry.tierName} was decided in your favour.`,
    lost: `The dispute over ${usd(entry.amountCents)} for ${entry.tierName} was lost; the amount was taken back.`,
  }[dispute.status];
  await notify(db, { userId: entry.facilitatorId, type: 'payment', message: said, link: '/dashboard' });
  return 'applied' as const;
}
