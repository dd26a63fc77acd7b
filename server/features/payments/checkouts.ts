import { and, eq, sql } from 'drizzle-orm';
import { checkoutSessions, type Offer, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { conflict, uniqueViolation } from '../../platform/errors';
import type { CheckoutInput } from '../../platform/payments/provider';
import { attachCheckout, releaseRedemption, reserveRedemption, reserveReward } from '../offers/redemptions';
import { offerTerms } from '../../platform/payments/offer-terms';

/**
 * A checkout with an offer stays payable this long (Stripe accepts 30 minutes to 24 hours): its
 * reservation of a redemption is released soon after if it is abandoned.
 */
const OFFER_CHECKOUT_LIFETIME_MS = 60 * 60 * 1000;

/** An open checkout is handed out again only with this much time left to pay. */
const REUSE_MARGIN_MS = 5 * 60 * 1000;

/** Paid checkout needs a provider: production without a Stripe key refuses it (PAYMENTS_MODE=test allows test mode). */
export function assertPaymentsEnabled(ctx: AppContext) {
  if (ctx.config.paymentsMode === 'off') throw conflict('payments_not_set_up');
}

/**
 * Whether a facilitator can be paid now. In production with Stripe every checkout pays the
 * facilitator through their connected account, so one that cannot take charges yet (payouts not
 * linked, or Stripe still needs details) sells nothing paid; test mode and development sell anyway
 * (the platform keeps the money, as before).
 */
export const canTakePayments = (
  ctx: AppContext,
  facilitator: Pick<User, 'stripeAccountId' | 'stripeChargesEnabled'> | undefined,
) =>
  !(ctx.payments.kind === 'stripe' && ctx.config.env === 'production') ||
  Boolean(facilitator?.stripeAccountId && facilitator.stripeChargesEnabled);

/** Refuses a paid checkout of a facilitator who cannot be paid yet (409, before anything is held or opened). */
export function assertCanTakePayments(
  ctx: AppContext,
  facilitator: Pick<User, 'stripeAccountId' | 'stripeChargesEnabled'> | undefined,
) {
  if (!canTakePayments(ctx, facilitator)) throw conflict('facilitator_cannot_take_payments');
}

type Subject = { tierId: string } | { sessionId: string };

const sameSubject = (subject: Subject) =>
  'tierId' in subject ? eq(checkoutSessions.tierId, subject.tierId) : eq(checkoutSessions.sessionId, subject.sessionId);

const openOf = (ctx: AppContext, subject: Subject, userId: string) =>
  ctx.db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.userId, userId),
        eq(checkoutSessions.status, 'open'),
        eq(checkoutSessions.provider, ctx.payments.kind),
        sameSubject(subject),
      ),
    )
    .orderBy(sql`${checkoutSessions.createdAt} desc`);

/** An open checkout bills the interval asked for (a yearly price is not handed out for a monthly one). */
const sameInterval = (metadata: string, input: CheckoutInput) =>
  (JSON.parse(metadata) as Record<string, string>).interval === input.metadata.interval;

/** A violation of the one-open-checkout index: another request opened this member's checkout first. */
const lostTheRace = (err: unknown) => uniqueViolation(err)?.includes('one_open') ?? false;

/** A reservation given back, its two writes in one transaction. */
const release = (ctx: AppContext, redemptionId: string | undefined) =>
  redemptionId ? ctx.db.transaction((tx) => releaseRedemption(tx, redemptionId)) : undefined;

const redemptionOf = (metadata: string) => {
  try {
    return (JSON.parse(metadata) as Record<string, string>).redemptionId;
  } catch {
    return undefined;
  }
};

/**
 * Opens the provider's checkout for one thing (a tier or a session) so that a member never has
 * two payable at once: their open checkout of the same thing at the same price is handed out
 * again (a second tab, a back button); any other is expired at the provider first. One that was
 * paid meanwhile stops here: the payment is on its way. Requests racing on any instances are
 * settled by the database's one-open-checkout index: the first row written wins, and the others
 * expire what they opened at the provider and hand out the winner's checkout.
 */
export async function openCheckout(
  ctx: AppContext,
  subject: Subject,
  given: CheckoutInput,
  offer?: Offer,
  /** the referral whose granted reward this offer is (redeemed outside the offer's public limit) */
  rewardReferralId?: string,
) {
  assertPaymentsEnabled(ctx);
  // every checkout passes here: without a destination the facilitator could not be paid
  if (!given.destination) assertCanTakePayments(ctx, undefined);
  for (const row of await openOf(ctx, subject, given.userId)) {
    const payable = row.expiresAt && row.expiresAt.getTime() > Date.now() + REUSE_MARGIN_MS;
    // handed out again only with the same offer (or none) and interval: its price is not the same otherwise
    const sameOffer = row.offerId === (offer?.id ?? null);
    if (
      payable &&
      row.url &&
      row.amountCents === given.product.amountCents &&
      row.mode === given.mode &&
      sameOffer &&
      sameInterval(row.metadata, given)
    )
      return { url: row.url, reused: true as const };
    const state = await ctx.payments.expireCheckout(row.id);
    await ctx.db.update(checkoutSessions).set({ status: state }).where(eq(checkoutSessions.id, row.id));
    if (state === 'complete') throw conflict('checkout_complete');
    await release(ctx, redemptionOf(row.metadata));
  }
  const input = offer ? await withOffer(ctx, given, offer, rewardReferralId) : given;
  const redemptionId = input.metadata.redemptionId;
  let created: Awaited<ReturnType<typeof ctx.payments.createCheckout>>;
  try {
    // test mode writes its own row as it opens the checkout
    created = await ctx.payments.createCheckout(input);
  } catch (err) {
    // the checkout never opened: its reservation goes back at once
    await release(ctx, redemptionId);
    if (lostTheRace(err)) return theWinner(ctx, subject, input.userId);
    throw err;
  }
  if (ctx.payments.kind === 'stripe') {
    // Stripe's checkouts are remembered here to be reused or expired
    const kept = await ctx.db
      .insert(checkoutSessions)
      .values({
        id: created.id,
        userId: input.userId,
        tierId: 'tierId' in subject ? subject.tierId : null,
        sessionId: 'sessionId' in subject ? subject.sessionId : null,
        provider: 'stripe',
        mode: input.mode,
        amountCents: input.product.amountCents,
        metadata: JSON.stringify(input.metadata),
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        url: created.url,
        expiresAt: created.expiresAt,
        offerId: offer?.id ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: checkoutSessions.id });
    if (kept.length === 0) {
      await ctx.payments.expireCheckout(created.id);
      await release(ctx, redemptionId);
      return theWinner(ctx, subject, input.userId);
    }
  }
  if (redemptionId) await attachCheckout(ctx.db, redemptionId, created.id);
  return { ...created, reused: false as const };
}

/**
 * A checkout with an offer: one redemption is reserved for it first (409 when the offer is used
 * up, ended or archived meanwhile), named in its metadata so that its payment confirms it and its
 * expiry releases it, and it stays payable a shorter while so an abandoned one frees its place soon.
 */
async function withOffer(
  ctx: AppContext,
  input: CheckoutInput,
  offer: Offer,
  rewardReferralId: string | undefined,
): Promise<CheckoutInput> {
  const lifetime = new Date(Date.now() + OFFER_CHECKOUT_LIFETIME_MS);
  const expiresAt = input.expiresAt && input.expiresAt < lifetime ? input.expiresAt : lifetime;
  const redemptionId = rewardReferralId
    ? await reserveReward(ctx, offer, rewardReferralId, input.userId, expiresAt)
    : await reserveRedemption(ctx, offer, input.userId, expiresAt);
  return {
    ...input,
    expiresAt,
    metadata: { ...input.metadata, offerId: offer.id, redemptionId },
    discount: {
      offerId: offer.id,
      terms: offerTerms(offer),
      stripeCouponId: offer.stripeCouponId,
      stripePromotionCodeId: offer.stripePromotionCodeId,
      couponOnly: offer.archivedAt !== null,
    },
  };
}

/** The checkout another request opened first, handed out again (as a second tab would get it). */
async function theWinner(ctx: AppContext, subject: Subject, userId: string) {
  const [winner] = await openOf(ctx, subject, userId);
  if (!winner?.url) throw conflict('checkout_complete');
  return { url: winner.url, reused: true as const };
}

/** Expires every open checkout of a session (its price changed): returns the members who were paying. */
export async function expireSessionCheckouts(ctx: AppContext, sessionId: string) {
  const open = await ctx.db
    .select({ id: checkoutSessions.id, userId: checkoutSessions.userId })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.sessionId, sessionId), eq(checkoutSessions.status, 'open')));
  const voided: string[] = [];
  for (const row of open) {
    const state = await ctx.payments.expireCheckout(row.id);
    await ctx.db.update(checkoutSessions).set({ status: state }).where(eq(checkoutSessions.id, row.id));
    if (state === 'expired') voided.push(row.userId);
  }
  return voided;
}
