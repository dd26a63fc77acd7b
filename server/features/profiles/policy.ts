import type { User } from '../../db/schema';
import { type Actor, canAdminister, canUseApp } from '../auth/policy';

/** The account a profile rule is about. */
export type Account = Pick<User, 'id' | 'isAdmin' | 'isFacilitator'>;

/**
 * Who may do what with profiles and accounts, each rule once and deny-by-default. Facts a rule
 * needs (the account, whether it is a facilitator) are passed in.
 */

/** Every member has a profile (post authors link to it), seen by signed-in members. */
export const canViewProfile = (actor: Actor, _account: Account): boolean => canUseApp(actor);

/** Explore lists facilitators to signed-in members. */
export const canExplore = (actor: Actor): boolean => canUseApp(actor);

/** A profile's Plans and Sessions tabs exist for facilitators only. */
export const canViewFacilitatorTabs = (actor: Actor, account: Account): boolean =>
  canViewProfile(actor, account) && account.isFacilitator;

/** Unpublished plans and a plan's content queue are the owner's business (and an admin's). */
export const canSeeUnpublishedTiers = (actor: Actor, account: Account): boolean =>
  canUseApp(actor) && (actor.id === account.id || canAdminister(actor));

/** Settings, the data export and self-deletion: my own account only. */
export const canEditSettings = (actor: Actor, account: Account): boolean => canUseApp(actor) && actor.id === account.id;
export const canExportAccount = (actor: Actor, account: Account): boolean => canEditSettings(actor, account);

/**
 * Becoming a facilitator from Settings: a signed-in member who is not one yet, while the site's
 * admins allow it (site settings, on by default). Why not, or null when they may.
 */
export type BecomeFacilitatorRefusal = 'sign_in' | 'already_facilitator' | 'becoming_facilitator_off';
export function becomeFacilitatorRefusal(
  actor: Actor,
  account: Pick<Account, 'isFacilitator'>,
  siteAllows: boolean,
): BecomeFacilitatorRefusal | null {
  if (!canUseApp(actor)) return 'sign_in';
  if (account.isFacilitator) return 'already_facilitator';
  return siteAllows ? null : 'becoming_facilitator_off';
}
export const canBecomeFacilitator = (
  actor: Actor,
  account: Pick<Account, 'isFacilitator'>,
  siteAllows: boolean,
): boolean => becomeFacilitatorRefusal(actor, account, siteAllows) === null;

/**
 * Deleting my own account: not an admin account, whose flag is revoked first
 * (npm run admin -- --revoke).
 */
export const canDeleteOwnAccount = (actor: Actor, account: Account): boolean =>
  canEditSettings(actor, account) && !account.isAdmin;

/** Why an admin may not delete an account from the admin area, or null when they may. */
export type AdminDeletionRefusal = 'admin_only' | 'delete_self' | 'delete_admin';
export function adminDeletionRefusal(actor: Actor, account: Account): AdminDeletionRefusal | null {
  if (!canAdminister(actor)) return 'admin_only';
  if (actor?.id === account.id) return 'delete_self';
  return account.isAdmin ? 'delete_admin' : null;
}
export const canDeleteAccountAsAdmin = (actor: Actor, account: Account): boolean =>
  adminDeletionRefusal(actor, account) === null;

/** Nobody removes their own admin flag (ADMIN_MESSAGES.ownAdminFlag). */
export const canRevokeAdminFlag = (actor: Actor, account: Account): boolean =>
  canAdminister(actor) && actor?.id !== account.id;
