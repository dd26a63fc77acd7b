import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { groupModerators, groupMutes, groups, tiers } from '../../db/schema';
import { forbidden } from '../../platform/errors';
import { type Actor, canReviewGroup, type GroupStanding, NO_STANDING } from './policy';

/**
 * The reads other features use (posts: mutes and who sees hidden content). This file imports no
 * other feature, so posts may import it without a cycle.
 */

/** The actor's standing in a group (owner, tier facilitator, moderator) in one query. */
export async function standingIn(db: Executor, userId: string, groupId: string | null): Promise<GroupStanding> {
  if (!groupId) return NO_STANDING;
  // `groups.id` written out: inside a select drizzle names a column unqualified, which a sub-select would take as its own
  const [row] = await db
    .select({
      isOwner: sql<boolean>`${groups.ownerId} = ${userId}`,
      ownsGroupTier: sql<boolean>`exists (select 1 from ${tiers} t where t.associated_group_id = groups.id and t.user_id = ${userId})`,
      isModerator: sql<boolean>`exists (select 1 from ${groupModerators} gm where gm.group_id = groups.id and gm.user_id = ${userId})`,
    })
    .from(groups)
    .where(eq(groups.id, groupId));
  return row ?? NO_STANDING;
}

/** Whether the viewer sees a group's hidden content (its reviewers and admins; policy canReviewGroup). */
export async function seesHiddenIn(db: Executor, viewer: NonNullable<Actor>, groupId: string | null) {
  if (viewer.isAdmin) return true;
  if (!groupId) return false;
  return canReviewGroup(viewer, await standingIn(db, viewer.id, groupId));
}

/** Until when the member is muted in the group, or null. */
export async function mutedUntil(db: Executor, userId: string, groupId: string, now = new Date()) {
  const [row] = await db
    .select({ until: groupMutes.until })
    .from(groupMutes)
    .where(and(eq(groupMutes.groupId, groupId), eq(groupMutes.userId, userId), gt(groupMutes.until, now)));
  return row?.until ?? null;
}

/** 403 muted_in_group while a moderator's mute of the member in the group runs. */
export async function assertNotMuted(db: Executor, userId: string, groupId: string | null) {
  if (!groupId) return;
  const until = await mutedUntil(db, userId, groupId);
  if (until)
    throw forbidden(
      'muted_in_group',
      `You are muted in this group until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC and cannot post or comment.`,
    );
}
