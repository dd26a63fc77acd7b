import type { ModerationActionType, ReportTargetType } from '../../../common/moderation/schemas';
import type { User } from '../../db/schema';

/**
 * Who may report, review and appoint. Pure and deny-by-default: the caller loads the facts (the
 * actor's standing in the item's group) and passes them in. A visitor is `null`.
 */
export type Actor = Pick<User, 'id' | 'isAdmin'> | null;

/** The actor's standing in one group. */
export type GroupStanding = {
  /** owns the group */
  isOwner: boolean;
  /** owns a tier whose associated group this is (the facilitator of the tier) */
  ownsGroupTier: boolean;
  /** appointed moderator of the group */
  isModerator: boolean;
};

export const NO_STANDING: GroupStanding = { isOwner: false, ownsGroupTier: false, isModerator: false };

/** A queue item as the policy sees it: where it is and what it is. */
export type CaseScope = { groupId: string | null; targetType: ReportTargetType };

const isAdmin = (actor: Actor) => actor?.isAdmin === true;

/** A member reports what they can see, never their own content (the caller checks visibility). */
export const canReport = (actor: Actor, item: { authorId: string; visible: boolean }): boolean =>
  actor !== null && item.visible && item.authorId !== actor.id;

/** Appoint and remove a group's moderators: its owner, the facilitator of a tier linked to it, admins. */
export const canAppointModerators = (actor: Actor, standing: GroupStanding): boolean =>
  isAdmin(actor) || (actor !== null && (standing.isOwner || standing.ownsGroupTier));

/** Open a group's review queue and its log: its moderators, owner, tier facilitator and admins. */
export const canReviewGroup = (actor: Actor, standing: GroupStanding): boolean =>
  canAppointModerators(actor, standing) || (actor !== null && standing.isModerator);

/** The site-wide queue (messages, profiles, the inspiration feed, every group): admins only. */
export const canReviewSite = (actor: Actor): boolean => isAdmin(actor);

/**
 * Act on a queue item: admins on anything; a group's reviewers only on posts and comments in
 * that group (direct messages and profiles are admins' alone). Suspending an account: admins only.
 */
export function canActOnCase(
  actor: Actor,
  scope: CaseScope,
  standing: GroupStanding,
  action?: ModerationActionType,
): boolean {
  if (isAdmin(actor)) return true;
  if (action === 'suspend') return false;
  if (scope.groupId === null || (scope.targetType !== 'post' && scope.targetType !== 'comment')) return false;
  return canReviewGroup(actor, standing);
}

/** See a queue item (and its reports): whoever may act on it. @alias */
export const canSeeCase = canActOnCase;

/** Hidden content is shown to its author, the group's reviewers and admins. */
export const canSeeHidden = (actor: Actor, item: { authorId: string }, standing: GroupStanding): boolean =>
  actor !== null && (item.authorId === actor.id || canReviewGroup(actor, standing));

/** Acknowledge a warning: the member it was given to. */
export const canAcknowledgeWarning = (actor: Actor, warning: { userId: string }): boolean =>
  actor !== null && warning.userId === actor.id;

/** Which actions a queue item offers, by what it is (a profile cannot be hidden or deleted). */
export function actionsFor(scope: CaseScope): ModerationActionType[] {
  const content = scope.targetType !== 'user';
  const inGroup = scope.groupId !== null;
  return [
    'dismiss',
    ...(content ? (['hide', 'unhide', 'delete'] as const) : []),
    'warn',
    ...(inGroup ? (['mute', 'remove'] as const) : []),
    'suspend',
  ];
}

/** The actions the actor may take on the item. */
export const actionsAllowed = (actor: Actor, scope: CaseScope, standing: GroupStanding) =>
  actionsFor(scope).filter((a) => canActOnCase(actor, scope, standing, a));
