import type { Tier, User } from '../../db/schema';

/**
 * Who may write to whom. Pure and deny-by-default; a visitor is `null`. An
 * announcement reaches the members of the sender's own plans, so only a facilitator sends one,
 * and only to their own tiers (an admin is no exception: they have no members of their own).
 */
export type Actor = Pick<User, 'id' | 'isFacilitator'> | null;

/** Facilitators compose, preview, test and list announcements. */
export const canAnnounce = (user: Actor): boolean => user?.isFacilitator === true;

/** A facilitator writes to the members of their own tier only. */
export const canAnnounceTo = (user: Actor, tier: Pick<Tier, 'userId'>): boolean =>
  user?.isFacilitator === true && tier.userId === user.id;
