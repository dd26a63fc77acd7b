import { randomInt } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { OFFERS_ERRORS } from '../../../common/offers/errors';
import type { z } from 'zod';
import { dollarsToCents } from '../../../common/money';
import type { CreateOfferRequest, OfferLookupAnswer, UpdateOfferRequest } from '../../../common/offers/schemas';
import { type Offer, offers, type Tier } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, notFound, uniqueViolation } from '../../platform/errors';
import { offerStatus, presentOffer, presentTerms } from './presenter';
import { moneyOf, offerByCode } from './queries';
import { holdsUnusedReward } from '../referrals/rewards';

type CreateInput = z.output<typeof CreateOfferRequest>;

/** Generated codes: 8 characters without the ones easily misread (0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const generatedCode = () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/**
 * A new offer on a paid tier. The amount off stays below the price (a free plan is made free,
 * not discounted to zero); a trial offer needs a subscription. The code is unique per
 * facilitator whatever its case (a unique index on lower(code)): a taken code answers 409.
 */
export async function createOffer(ctx: AppContext, tier: Tier, input: CreateInput) {
  if (tier.priceCents <= 0) throw badRequest('offer_for_paid_plans');
  if (input.kind === 'trial' && tier.type !== 'subscription') throw badRequest('offer_trial_needs_subscription');
  const amountOffCents = input.kind === 'amount' ? dollarsToCents(input.amountOff ?? 0) : null;
  if (amountOffCents !== null && amountOffCents >= tier.priceCents) throw badRequest('offer_amount_too_high');
  const endsAt = input.endsAt ? new Date(input.endsAt) : null;
  if (endsAt && endsAt <= new Date()) throw badRequest('offer_ends_in_past');
  const discount = input.kind !== 'trial';
  const values = {
    facilitatorId: tier.userId,
    tierId: tier.id,
    kind: input.kind,
    percentOff: input.kind === 'percent' ? (input.percentOff ?? null) : null,
    amountOffCents,
    duration: discount ? (input.duration ?? 'once') : null,
    durationMonths: discount && input.duration === 'repeating' ? (input.durationMonths ?? null) : null,
    trialDays: input.kind === 'trial' ? (input.trialDays ?? null) : null,
    endsAt,
    redemptionLimit: input.redemptionLimit,
  };
  // a generated code that happens to be taken is drawn again; a chosen one is refused
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await ctx.db
        .insert(offers)
        .values({ ...values, code: input.code ?? generatedCode() })
        .returning();
      return presentOffer(row!);
    } catch (err) {
      if (!uniqueViolation(err)) throw err;
      if (input.code || attempt >= 4) throw conflict('offer_code_taken');
    }
  }
}

async function ownOffer(ctx: AppContext, tier: Tier, offerId: string) {
  const [offer] = await ctx.db
    .select()
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.tierId, tier.id)))
    .limit(1);
  if (!offer) throw notFound('offer_not_found');
  return offer;
}

/**
 * Changes an offer's end and limit (its terms are fixed once members may hold them). A limit
 * below what is already used (confirmed and reserved) is refused, by the same conditional update
 * that writes it, so a redemption reserved meanwhile is never lost.
 */
export async function updateOffer(ctx: AppContext, tier: Tier, offerId: string, input: UpdateOfferRequest) {
  const offer = await ownOffer(ctx, tier, offerId);
  const endsAt = input.endsAt === undefined ? undefined : input.endsAt ? new Date(input.endsAt) : null;
  if (endsAt && endsAt <= new Date()) throw badRequest('offer_ends_in_past');
  const limit = input.redemptionLimit;
  const [row] = await ctx.db
    .update(offers)
    .set({
      ...(endsAt !== undefined ? { endsAt } : {}),
      ...(limit !== undefined ? { redemptionLimit: limit } : {}),
    })
    .where(and(eq(offers.id, offer.id), limit ? sql`${offers.used} <= ${limit}` : undefined))
    .returning();
  if (!row) throw conflict('offer_limit_below_used');
  return presentOffer(row, (await moneyOf(ctx.db, [row.id])).get(row.id));
}

/** Archived: no new checkout takes it; its redemptions and revenue stay listed. */
export async function archiveOffer(ctx: AppContext, tier: Tier, offerId: string) {
  const offer = await ownOffer(ctx, tier, offerId);
  const [row] = await ctx.db
    .update(offers)
    .set({ archivedAt: offer.archivedAt ?? new Date() })
    .where(eq(offers.id, offer.id))
    .returning();
  // the provider's promotion code stops too, so nothing redeems it outside Tend
  if (row!.stripePromotionCodeId && ctx.payments.kind === 'stripe' && !offer.archivedAt)
    await ctx.payments.deactivatePromotionCode(row!.stripePromotionCodeId);
  return presentOffer(row!, (await moneyOf(ctx.db, [row!.id])).get(row!.id));
}

/** A tier's offers, newest first, each with its redemptions, revenue and status. */
export async function listOffers(ctx: AppContext, tier: Tier) {
  const rows = await ctx.db.select().from(offers).where(eq(offers.tierId, tier.id)).orderBy(desc(offers.createdAt));
  const money = await moneyOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { offers: rows.map((r) => presentOffer(r, money.get(r.id))) };
}

/** Why an offer cannot be used, as the error code a checkout answers. */
const refusalOf = (offer: Offer | undefined, tierId?: string) => {
  if (!offer) return 'offer_not_found' as const;
  const status = offerStatus(offer);
  if (status !== 'active') return `offer_${status}` as const;
  if (tierId && offer.tierId !== tierId) return 'offer_other_plan' as const;
  return null;
};

/**
 * GET offers/{facilitatorId}/{code}: what a visitor gets, or why the code gives nothing. A
 * signed-in member holding an unused referral reward of the offer gets it whatever the offer's
 * state (their checkout redeems the reward, outside the offer's limit and end).
 */
export async function lookupOffer(
  ctx: AppContext,
  facilitatorId: string,
  code: string,
  viewerId?: string,
): Promise<OfferLookupAnswer> {
  const offer = await offerByCode(ctx, facilitatorId, code);
  const refusal = refusalOf(offer);
  if (!offer || refusal === 'offer_not_found')
    return { code, status: 'not_found', message: OFFERS_ERRORS.offer_not_found, tierId: null, terms: null };
  const rewarded = refusal !== null && viewerId !== undefined && (await holdsUnusedReward(ctx.db, viewerId, offer.id));
  if (rewarded)
    return { code: offer.code, status: 'active', message: null, tierId: offer.tierId, terms: presentTerms(offer) };
  const status = offerStatus(offer);
  return {
    code: offer.code,
    status,
    message: refusal ? OFFERS_ERRORS[refusal] : null,
    tierId: offer.tierId,
    terms: status === 'active' ? presentTerms(offer) : null,
  };
}

/**
 * The offer a checkout of `tier` asks for by code. A client that insists on a code that cannot be
 * used gets a 4xx with the reason (404 offer_not_found; 409 offer_archived, offer_ended,
 * offer_used_up, offer_other_plan) and nothing is opened: the plan card drops such a code after
 * its lookup, so the member checks out at the normal price instead.
 */
export async function offerForCheckout(ctx: AppContext, tier: Tier, code: string) {
  const offer = await offerByCode(ctx, tier.userId, code);
  const refusal = refusalOf(offer, tier.id);
  if (refusal === 'offer_not_found') throw notFound(refusal);
  if (refusal) throw conflict(refusal);
  return offer!;
}
