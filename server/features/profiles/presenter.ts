import type { OwnProfileAnswer, PublicProfileAnswer } from '../../../common/profiles/schemas';
import type { TierAnswer } from '../../../common/tiers/schemas';
import type { Tier, TierPrice, User } from '../../db/schema';
import { payoutStatus } from '../payments/presenter';
import { presentTier } from '../tiers/presenter';

/** A member's profile as anyone signed in sees it. */
export const presentPublicProfile = (u: User): PublicProfileAnswer => ({
  _id: u.id,
  name: u.name,
  username: u.username,
  bio: u.bio,
  facilitatorCategory: u.facilitatorCategory,
  profilePicture: u.profilePicture,
  isFacilitator: u.isFacilitator,
  dateJoined: u.createdAt.toISOString(),
});

/** My own account, for the settings form. */
export const presentOwnProfile = (u: User): OwnProfileAnswer => ({
  _id: u.id,
  name: u.name,
  username: u.username,
  email: u.email,
  pendingEmail: u.pendingEmail,
  emailConfirmed: u.emailConfirmed,
  twoFactorEnabled: u.twoFactorEnabled,
  bio: u.bio,
  facilitatorCategory: u.facilitatorCategory,
  profilePicture: u.profilePicture,
  isFacilitator: u.isFacilitator,
  dateJoined: u.createdAt.toISOString(),
  streak: u.streak,
  hasPaymentDetails: Boolean(u.stripeCustomerId),
  authenticatorApp: u.totpSecret !== null,
  payoutStatus: u.isFacilitator ? payoutStatus(u) : null,
});

/** A plan on a profile's Plans tab: its content queue is the owner's business, others see the plan only. */
export const presentProfileTier = (t: Tier, showQueue: boolean, prices: TierPrice[]): TierAnswer =>
  showQueue ? presentTier(t, prices) : { ...presentTier(t, prices), contentQueue: [] };
