import type { Subscription, Tier } from '../../db/schema';
import type { Actor } from '../tiers/policy';
import { isEntitled } from './entitlement';

/**
 * Who may subscribe and manage a subscription. Pure and deny-by-default.
 * An unpublished tier is not offered (404, the caller checks `isOffered` first); one's own tier
 * cannot be bought.
 */

/** A tier members can find and buy: published. */
export const isOffered = (tier: Pick<Tier, 'published'>): boolean => tier.published;

/** Subscribing (free) or checking out (paid): a signed-in member, to a published tier that is not their own. */
export const canSubscribe = (user: Actor, tier: Pick<Tier, 'published' | 'userId'>): boolean =>
  user !== null && isOffered(tier) && tier.userId !== user.id;

/**
 * A member's own paid subscription in its free trial, not already ending: they may end the trial
 * and start paying now, or cancel before the first charge (the trial runs out and nothing is charged).
 */
export const canChangeTrial = (
  user: Actor,
  sub: Pick<
    Subscription,
    'userId' | 'provider' | 'providerSubscriptionId' | 'status' | 'cancelled' | 'cancelAtPeriodEnd'
  >,
): boolean =>
  user !== null &&
  sub.userId === user.id &&
  billedByProvider(sub) &&
  sub.status === 'trialing' &&
  !sub.cancelled &&
  !sub.cancelAtPeriodEnd;

/** Cancelling or restarting in Tend: the member's own free subscription (paid ones go to the billing portal). */
export const canCancelInTend = (user: Actor, sub: Pick<Subscription, 'userId' | 'provider'>): boolean =>
  user !== null && sub.userId === user.id && sub.provider === 'free';

/**
 * Switching the billing interval (another of the tier's prices): the member's own paid subscription
 * the provider bills, while it runs paid up and is not ending (not in a trial, not past due,
 * not cancelled).
 */
export const canSwitchInterval = (
  user: Actor,
  sub: Pick<Subscription, 'userId' | 'provider' | 'providerSubscriptionId' | 'status' | 'cancelled'>,
): boolean =>
  user !== null && sub.userId === user.id && billedByProvider(sub) && sub.status === 'active' && !sub.cancelled;

// What an admin may do with a member's subscription. Pure rules, so the lists can
// tell the client (canCancelNow) and the cancel command refuses the same cases.

/** The provider has ended these for good; nothing is left to cancel there. */
export const ENDED_AT_PROVIDER = ['canceled', 'incomplete_expired'];

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
