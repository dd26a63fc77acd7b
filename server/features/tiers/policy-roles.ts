import type { Actor } from './policy';

/**
 * The roles of the programme side's policy tables (policy.test.ts of tiers, content, practice,
 * subscriptions and payments): who asks about the owner facilitator's tier or content.
 * `subscriber` holds the tier (the item is released to them, the course is theirs).
 */
export const OWNER = 'owner';
export const ROLES: Record<string, { user: Actor; holds: boolean }> = {
  visitor: { user: null, holds: false },
  member: { user: { id: 'member', isAdmin: false, isFacilitator: false }, holds: false },
  subscriber: { user: { id: 'subscriber', isAdmin: false, isFacilitator: false }, holds: true },
  ownerFacilitator: { user: { id: OWNER, isAdmin: false, isFacilitator: true }, holds: false },
  otherFacilitator: { user: { id: 'other', isAdmin: false, isFacilitator: true }, holds: false },
  admin: { user: { id: 'admin', isAdmin: true, isFacilitator: false }, holds: false },
};

/** The table of `actions` (name -> rule) for every role. */
export const tableOf = (actions: Record<string, (role: { user: Actor; holds: boolean }) => boolean>) =>
  Object.fromEntries(
    Object.entries(ROLES).map(([name, role]) => [
      name,
      Object.fromEntries(Object.entries(actions).map(([action, rule]) => [action, rule(role)])),
    ]),
  );
