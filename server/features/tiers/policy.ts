import type { Tier, User } from '../../db/schema';

/**
 * Who may do what with a tier (a program or course). Pure and
 * deny-by-default: facts a rule needs are loaded by the caller and passed in. A visitor is `null`.
 */
export type Actor = Pick<User, 'id' | 'isAdmin' | 'isFacilitator'> | null;

/** The one owner rule of the programme side: the owner of a tier or of content, or an admin. */
export const ownsOrAdmin = (user: Actor, owned: { userId: string | null }): boolean =>
  user !== null && (user.isAdmin || owned.userId === user.id);

/** Facilitators (and admins) create tiers and content; members do not. */
export const canCreateTier = (user: Actor): boolean => user !== null && (user.isFacilitator || user.isAdmin);

/** Only the owner (or an admin) sees a tier's form, edits or deletes it. */
export const canEditTier = (user: Actor, tier: Pick<Tier, 'userId'>): boolean => ownsOrAdmin(user, tier);

/** Complimentary access to a tier is given, listed and revoked by its owner (or an admin) only. */
export const canGrantTier = (user: Actor, tier: Pick<Tier, 'userId'>): boolean => ownsOrAdmin(user, tier);
