import type { Tier, User } from '../../db/schema';
import { forbidden } from '../../platform/errors';

/** Facilitators (and admins) create tiers and content; members do not. */
export function authorizeCreate(user: User) {
  if (!user.isFacilitator && !user.isAdmin) throw forbidden('Only facilitators can create programs');
}

/** Only the owner (or an admin) edits or deletes a tier (deny by default). */
export function authorizeEdit(user: User, owned: { userId: string }) {
  if (user.isAdmin || owned.userId === user.id) return;
  throw forbidden('Only the owner can change this');
}

export const isOwner = (user: User, tier: Tier) => tier.userId === user.id;
