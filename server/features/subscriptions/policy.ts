import type { Subscription, Tier } from '../../db/schema';
import type { Actor } from '../tiers/policy';

/**
 * Who may subscribe and manage a subscription (spec 02 §2, §7). Pure and deny-by-default.
 * An unpublished tier is not offered (404, the caller checks `isOffered` first); one's own tier
 * cannot be bought.
 */

/** A tier members can find and buy: published. */
export const isOffered = (tier: Pick<Tier, 'published'>): boolean => tier.published;

/** Subscribing (free) or checking out (paid): a signed-in member, to a published tier that is not their own. */
export const canSubscribe = (user: Actor, tier: Pick<Tier, 'published' | 'userId'>): boolean =>
  user !== null && isOffered(tier) && tier.userId !== user.id;

/** Cancelling or restarting in Tend: the member's own free subscription (paid ones go to the billing portal). */
export const canCancelInTend = (user: Actor, sub: Pick<Subscription, 'userId' | 'provider'>): boolean =>
  user !== null && sub.userId === user.id && sub.provider === 'free';
