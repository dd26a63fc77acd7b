import type { Gift, Tier, User } from '../../db/schema';
import { isOffered } from '../subscriptions/policy';

/**
 * Who may do what with gifts. Any signed-in member may buy a published paid subscription plan
 * as a gift, except its own facilitator (they give access with complimentary grants). Only the
 * buyer sees, resends or re-addresses a gift, and only before it is claimed. Whoever holds the
 * claim link may view the gift; any signed-in account but the buyer and the plan's facilitator
 * may claim it.
 */
type Actor = Pick<User, 'id'> | null;

/** A plan that can be given: published, a paid subscription (a course is bought, not given). */
export const isGiftable = (tier: Pick<Tier, 'published' | 'type' | 'priceCents'>): boolean =>
  isOffered(tier) && tier.type === 'subscription' && tier.priceCents > 0;

/** Buying the plan as a gift: signed in, and not the plan's own facilitator. */
export const canBuyGift = (user: Actor, tier: Pick<Tier, 'userId'>): boolean =>
  user !== null && tier.userId !== user.id;

/** Seeing, resending or re-addressing a gift: its buyer. */
export const canManageGift = (user: Actor, gift: Pick<Gift, 'buyerId'>): boolean =>
  user !== null && gift.buyerId === user.id;

/** Resending the mail or changing its address: paid, not claimed, not refunded. */
export const isChangeable = (gift: Pick<Gift, 'paidAt' | 'claimedAt' | 'revokedAt'>): boolean =>
  gift.paidAt !== null && gift.claimedAt === null && gift.revokedAt === null;

/** Claiming with a valid link: anyone signed in but the buyer and the plan's facilitator. */
export const canClaimGift = (user: Actor, gift: Pick<Gift, 'buyerId'>, tier: Pick<Tier, 'userId'>): boolean =>
  user !== null && user.id !== gift.buyerId && user.id !== tier.userId;
