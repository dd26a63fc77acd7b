import type { Group, memberships, User } from '../../db/schema';

type Membership = typeof memberships.$inferSelect;

/**
 * Who may do what with a group. Pure and deny-by-default:
 * the facts a rule needs (the caller's membership) are loaded by the caller and passed in.
 * A visitor is `null`.
 */
export type Actor = Pick<User, 'id' | 'isAdmin'> | null;
export type GroupFacts = Pick<Group, 'ownerId' | 'isHidden' | 'isPrivate'>;
/** The caller's own membership row in the group, if any (any status). */
export type MembershipFacts = Pick<Membership, 'status'> | null | undefined;

const isOwner = (user: Actor, group: Pick<Group, 'ownerId'>) => user !== null && group.ownerId === user.id;
const isAdmin = (user: Actor) => user?.isAdmin === true;

/**
 * A group the caller may know exists: any signed-in member for a visible group; a hidden group
 * only for its owner, admins and anyone with a request or membership in it (404 for the rest).
 */
export function canViewGroup(user: Actor, group: GroupFacts, membership?: MembershipFacts): boolean {
  if (!user) return false;
  if (!group.isHidden) return true;
  return isOwner(user, group) || isAdmin(user) || Boolean(membership);
}

/**
 * A group shown in lists to people who are not in it (Explore, an owner's profile): hidden groups
 * are listed only to their owner and to admins. queries.ts `listedTo` is the same rule in SQL.
 */
export function canFindGroup(user: Actor, group: GroupFacts): boolean {
  if (!user) return false;
  return !group.isHidden || isOwner(user, group) || isAdmin(user);
}

/** Owner, admin or approved member: reads the member view and the discussion, posts in it. */
export function canEnterGroup(user: Actor, group: GroupFacts, membership?: MembershipFacts): boolean {
  if (!user) return false;
  return isOwner(user, group) || isAdmin(user) || membership?.status === 'approved';
}

/** Any member may create a community. */
export const canCreateGroup = (user: Actor): boolean => user !== null;

/** Edit the group, see its requests, approve / decline / remove members: its owner and admins. */
export const canManageGroup = (user: Actor, group: Pick<Group, 'ownerId'>): boolean =>
  isOwner(user, group) || isAdmin(user);

/** Ask to join (or join an open group): anyone who may see it, except someone the owner removed or declined. */
export function canJoinGroup(user: Actor, group: GroupFacts, membership?: MembershipFacts): boolean {
  if (!user || !canViewGroup(user, group, membership)) return false;
  return membership?.status !== 'rejected';
}

/** Leave: a member, never the owner. */
export const canLeaveGroup = (user: Actor, group: GroupFacts, membership?: MembershipFacts): boolean =>
  user !== null && !isOwner(user, group) && Boolean(membership);

/** Delete a group: admins only (the owner cannot delete it). */
export const canDeleteGroup = (user: Actor): boolean => isAdmin(user);

/** Tags are the admins' list; every member picks from it. */
export const canManageTags = (user: Actor): boolean => isAdmin(user);
