import type { Tier } from '../../db/schema';
import { type Actor, ownsOrAdmin } from '../tiers/policy';

/**
 * Who may do what with offers. Pure and deny-by-default. A tier's offers are created, listed,
 * changed and archived by the tier's owner or an admin; anyone may look a code up (what it gives
 * is shown on the public plan card), and any signed-in member may check out with one.
 */
export const canManageOffers = (user: Actor, tier: Pick<Tier, 'userId'>): boolean => ownsOrAdmin(user, tier);
