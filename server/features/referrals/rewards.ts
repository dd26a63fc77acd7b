import { and, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { describeOfferDiscount } from '../../../common/offers/terms';
import type { ReferralRewardAnswer } from '../../../common/referrals/schemas';
import type { Executor } from '../../db/client';
import {
  type Offer,
  offerRedemptions,
  offers,
  referralRewardChoices,
  referrals,
  revenueEntries,
  type Tier,
  tiers,
  type User,
  users,
} from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { notify } from '../notifications/service';
import { offerByCode } from '../offers/queries';
import { offerLink, offerStatus } from '../offers/presenter';
import { offerTerms } from '../../platform/payments/offer-terms';

/** A redemption that used a reward: its checkout was paid. */
const paid = eq(offerRedemptions.status, 'confirmed');

/** The facilitator's active offers, any of which may be chosen as the referral reward. */
async function choicesOf(db: Executor, facilitatorId: string) {
  const rows = await db
    .select({ offer: offers, tierName: tiers.name })
    .from(offers)
    .innerJoin(tiers, eq(tiers.id, offers.tierId))
    .where(and(eq(offers.facilitatorId, facilitatorId), isNull(offers.archivedAt)))
    .orderBy(desc(offers.createdAt));
  return rows.filter((r) => offerStatus(r.offer) === 'active');
}

/** GET app/facilitator/referral-reward: the chosen offer (or none) and the offers that may be chosen. */
export async function referralRewardOf(ctx: AppContext, facilitator: Pick<User, 'id'>): Promise<ReferralRewardAnswer> {
  const [chosen] = await ctx.db
    .select({ offerId: referralRewardChoices.offerId })
    .from(referralRewardChoices)
    .where(eq(referralRewardChoices.facilitatorId, facilitator.id));
  const choices = await choicesOf(ctx.db, facilitator.id);
  return {
    offerId: chosen?.offerId ?? null,
    choices: choices.map(({ offer, tierName }) => ({
      id: offer.id,
      code: offer.code,
      tierName,
      discount: describeOfferDiscount(offerTerms(offer)),
    })),
  };
}

/**
 * PUT app/facilitator/referral-reward: one of my own active offers, or none. An offer of someone
 * else's (or none at all) is 404 offer_not_found; an archived, ended or used-up one 409.
 */
export async function chooseReferralReward(ctx: AppContext, facilitator: Pick<User, 'id'>, offerId: string | null) {
  if (offerId === null) {
    await ctx.db.delete(referralRewardChoices).where(eq(referralRewardChoices.facilitatorId, facilitator.id));
    return referralRewardOf(ctx, facilitator);
  }
  const [offer] = await ctx.db
    .select()
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.facilitatorId, facilitator.id)));
  if (!offer) throw notFound('offer_not_found');
  const status = offerStatus(offer);
  if (status !== 'active') throw conflict(`offer_${status}`);
  await ctx.db
    .insert(referralRewardChoices)
    .values({ facilitatorId: facilitator.id, offerId })
    .onConflictDoUpdate({ target: referralRewardChoices.facilitatorId, set: { offerId, updatedAt: new Date() } });
  return referralRewardOf(ctx, facilitator);
}

/**
 * The referee paid a facilitator: when it is their first payment to that facilitator, that
 * facilitator has an active reward chosen, and the referrer is not that facilitator, the referrer
 * is granted the reward. The grant is one conditional update of the referral's empty
 * reward_granted_at, so a referral earns one reward, whatever instance or event comes second.
 */
export async function grantReferralReward(
  db: Executor,
  payment: { memberId: string; facilitatorId: string; paidAt: Date },
) {
  const [choice] = await db
    .select({ offer: offers, facilitatorName: users.name })
    .from(referralRewardChoices)
    .innerJoin(offers, eq(offers.id, referralRewardChoices.offerId))
    .innerJoin(users, eq(users.id, referralRewardChoices.facilitatorId))
    .where(eq(referralRewardChoices.facilitatorId, payment.facilitatorId));
  if (!choice || offerStatus(choice.offer) !== 'active') return;
  const [paidBefore] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(revenueEntries)
    .where(
      and(
        eq(revenueEntries.memberId, payment.memberId),
        eq(revenueEntries.facilitatorId, payment.facilitatorId),
        eq(revenueEntries.kind, 'payment'),
      ),
    );
  // the entry of this payment is already written: any other means an earlier payment
  if ((paidBefore?.n ?? 0) > 1) return;
  const [granted] = await db
    .update(referrals)
    .set({ rewardId: choice.offer.id, rewardGrantedAt: payment.paidAt })
    .where(
      and(
        eq(referrals.refereeId, payment.memberId),
        isNull(referrals.rewardGrantedAt),
        // a facilitator who brought their own member earns nothing from themselves
        ne(referrals.referrerId, payment.facilitatorId),
      ),
    )
    .returning({ referrerId: referrals.referrerId });
  if (!granted) return;
  const discount = describeOfferDiscount(offerTerms(choice.offer));
  await notify(db, {
    userId: granted.referrerId,
    type: 'payment',
    message: `You earned a reward from ${choice.facilitatorName}: ${discount} with the code ${choice.offer.code}, for someone you referred.`,
    link: offerLink(choice.offer),
  });
}

/**
 * The reward a checkout of `tier` with this code redeems, when the member earned the offer as a
 * referral reward: a granted reward is used through its grant (outside the offer's public limit,
 * and whether or not the offer is still active), once. All used already: 409 reward_redeemed.
 * Undefined when the member holds no such reward (the code is then an ordinary offer code).
 */
export async function rewardForCheckout(
  ctx: AppContext,
  member: Pick<User, 'id'>,
  tier: Tier,
  code: string,
): Promise<{ offer: Offer; referralId: string } | undefined> {
  const offer = await offerByCode(ctx, tier.userId, code);
  if (!offer) return undefined;
  const grants = await ctx.db
    .select({ id: referrals.id, used: offerRedemptions.id })
    .from(referrals)
    .leftJoin(offerRedemptions, and(eq(offerRedemptions.referralId, referrals.id), paid))
    .where(
      and(eq(referrals.referrerId, member.id), eq(referrals.rewardId, offer.id), isNotNull(referrals.rewardGrantedAt)),
    )
    .orderBy(referrals.rewardGrantedAt);
  if (grants.length === 0) return undefined;
  if (offer.tierId !== tier.id) throw conflict('offer_other_plan');
  // one held by an open checkout is not used yet: openCheckout hands that checkout out again or releases it
  const unused = grants.find((g) => !g.used);
  if (!unused) throw conflict('reward_redeemed');
  return { offer, referralId: unused.id };
}

/** Whether the member holds a granted reward of this offer not yet used (paid). */
export async function holdsUnusedReward(db: Executor, memberId: string, offerId: string) {
  const [held] = await db
    .select({ id: referrals.id })
    .from(referrals)
    .leftJoin(offerRedemptions, and(eq(offerRedemptions.referralId, referrals.id), paid))
    .where(
      and(
        eq(referrals.referrerId, memberId),
        eq(referrals.rewardId, offerId),
        isNotNull(referrals.rewardGrantedAt),
        isNull(offerRedemptions.id),
      ),
    )
    .limit(1);
  return held !== undefined;
}

/** Settings → Referrals: the rewards I earned, newest first, and whether each is used. */
export async function earnedRewards(db: Executor, referrerId: string) {
  const rows = await db
    .select({
      referralId: referrals.id,
      grantedAt: referrals.rewardGrantedAt,
      offer: offers,
      tierName: tiers.name,
      facilitatorName: users.name,
      used: offerRedemptions.id,
    })
    .from(referrals)
    .innerJoin(offers, eq(offers.id, referrals.rewardId))
    .innerJoin(tiers, eq(tiers.id, offers.tierId))
    .innerJoin(users, eq(users.id, offers.facilitatorId))
    .leftJoin(offerRedemptions, and(eq(offerRedemptions.referralId, referrals.id), paid))
    .where(and(eq(referrals.referrerId, referrerId), isNotNull(referrals.rewardGrantedAt)))
    .orderBy(desc(referrals.rewardGrantedAt));
  return rows.map((r) => ({
    id: r.referralId,
    grantedAt: r.grantedAt!.toISOString(),
    code: r.offer.code,
    discount: describeOfferDiscount(offerTerms(r.offer)),
    tierName: r.tierName,
    facilitator: { id: r.offer.facilitatorId, name: r.facilitatorName },
    link: offerLink(r.offer),
    redeemed: r.used !== null,
  }));
}
