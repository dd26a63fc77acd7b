import { and, eq, isNull } from 'drizzle-orm';
import {
  groupModerators,
  type ModerationCase,
  moderationActions,
  moderationWarnings,
  type User,
} from '../../db/schema';
import { authorize, hidden } from '../../platform/authorize';
import type { AppContext, CommandContext } from '../../platform/context';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { findKnownGroup } from '../groups/service';
import {
  actionsAllowed,
  canAcknowledgeWarning,
  canAppointModerators,
  canReviewGroup,
  canReviewSite,
  canSeeCase,
  type GroupStanding,
} from './policy';
import { presentItem, presentLog } from './presenter';
import {
  approvedMembersOf,
  authorHistory,
  findCase,
  groupName,
  isApprovedMember,
  logRows,
  moderatorsOf,
  openCases,
  openWarnings,
  reportsOf,
  reviewableGroups,
} from './queries';
import { standingIn } from './standing';
import { describeTarget } from './target';

export { createReport } from './reports';
export { takeAction } from './actions';

/** A group the caller may know, and their standing in it. */
export async function groupWithStanding(ctx: AppContext, user: User, groupId: string) {
  const group = await findKnownGroup(ctx, user, groupId);
  return { group, standing: await standingIn(ctx.db, user.id, group.id) };
}

/** A queue item with its context, as the actor may act on it. */
export async function itemShownTo(ctx: AppContext, user: User, kase: ModerationCase, standing: GroupStanding) {
  const [target, group, history, reports] = await Promise.all([
    describeTarget(ctx.db, kase.targetType, kase.targetId),
    groupName(ctx.db, kase.groupId),
    authorHistory(ctx.db, kase.authorId, kase.id),
    reportsOf(ctx.db, kase.id),
  ]);
  return presentItem({ kase, target, group, history, reports, actions: actionsAllowed(user, kase, standing) });
}

/** A group's review queue and log: 403 not_a_moderator unless the caller reviews the group. */
export async function groupQueue(ctx: AppContext, user: User, groupId: string) {
  const { group, standing } = await groupWithStanding(ctx, user, groupId);
  authorize(canReviewGroup(user, standing), () => forbidden('not_a_moderator'));
  const cases = await openCases(ctx.db, group.id);
  const items = await Promise.all(cases.map((c) => itemShownTo(ctx, user, c, standing)));
  const log = await logRows(ctx.db, eq(moderationActions.groupId, group.id));
  return { items, log: log.map(presentLog) };
}

/** The site-wide queue and log: admins only. */
export async function siteQueue(ctx: AppContext, user: User) {
  authorize(canReviewSite(user), () => forbidden('not_a_moderator'));
  const cases = await openCases(ctx.db, null);
  const standing = { isOwner: false, ownsGroupTier: false, isModerator: false };
  const items = await Promise.all(cases.map((c) => itemShownTo(ctx, user, c, standing)));
  const log = await logRows(ctx.db, undefined);
  return { items, log: log.map(presentLog) };
}

/** A queue item the caller may act on (404 for anyone else), with their standing in its group. */
export async function loadCaseFor(ctx: AppContext, user: User, id: string) {
  const kase = await findCase(ctx.db, id);
  const standing = await standingIn(ctx.db, user.id, kase?.groupId ?? null);
  authorize(kase !== undefined && canSeeCase(user, kase, standing), hidden('case_not_found'));
  return { kase: kase!, standing };
}

/** The group's moderators and who could be appointed: its reviewers may read it. */
export async function moderatorList(ctx: AppContext, user: User, groupId: string) {
  const { group, standing } = await groupWithStanding(ctx, user, groupId);
  authorize(canReviewGroup(user, standing), () => forbidden('not_a_moderator'));
  const mayAppoint = canAppointModerators(user, standing);
  const [moderators, members] = await Promise.all([
    moderatorsOf(ctx.db, group.id),
    approvedMembersOf(ctx.db, group.id),
  ]);
  const taken = new Set(moderators.map((m) => m._id));
  return {
    moderators: moderators.map((m) => ({ ...m, since: m.since.toISOString() })),
    candidates: mayAppoint ? members.filter((m) => !taken.has(m._id)) : [],
    mayAppoint,
  };
}

/** Appoints an approved member of the group; appointing twice changes nothing. */
export async function appointModerator(ctx: CommandContext, opts: { actor: User; groupId: string; userId: string }) {
  const { group, standing } = await groupWithStanding(ctx, opts.actor, opts.groupId);
  authorize(canAppointModerators(opts.actor, standing), () => forbidden('not_a_moderator'));
  if (!(await isApprovedMember(ctx.db, group.id, opts.userId))) throw badRequest('moderator_must_be_member');
  await ctx.db
    .insert(groupModerators)
    .values({ groupId: group.id, userId: opts.userId, appointedBy: opts.actor.id })
    .onConflictDoNothing();
  return moderatorList(ctx, opts.actor, group.id);
}

export async function removeModerator(ctx: CommandContext, opts: { actor: User; groupId: string; userId: string }) {
  const { group, standing } = await groupWithStanding(ctx, opts.actor, opts.groupId);
  authorize(canAppointModerators(opts.actor, standing), () => forbidden('not_a_moderator'));
  const gone = await ctx.db
    .delete(groupModerators)
    .where(and(eq(groupModerators.groupId, group.id), eq(groupModerators.userId, opts.userId)))
    .returning();
  if (gone.length === 0) throw notFound('moderator_not_found');
  return moderatorList(ctx, opts.actor, group.id);
}

/** What the signed-in member must see (warnings to acknowledge) and the queues they may open. */
export async function myModeration(ctx: AppContext, user: User) {
  const [warnings, moderates] = await Promise.all([openWarnings(ctx.db, user.id), reviewableGroups(ctx.db, user.id)]);
  return {
    warnings: warnings.map(({ warning, group }) => ({
      _id: warning.id,
      reason: warning.reason,
      group: group?._id ? group : null,
      createdAt: warning.createdAt.toISOString(),
    })),
    moderates,
    isAdmin: user.isAdmin,
  };
}

/** The member acknowledges a warning ('I understand'); once is enough, again changes nothing. */
export async function acknowledgeWarning(ctx: CommandContext, opts: { user: User; id: string }) {
  const [warning] = await ctx.db.select().from(moderationWarnings).where(eq(moderationWarnings.id, opts.id));
  authorize(warning !== undefined && canAcknowledgeWarning(opts.user, warning), hidden('warning_not_found'));
  await ctx.db
    .update(moderationWarnings)
    .set({ acknowledgedAt: new Date() })
    .where(and(eq(moderationWarnings.id, opts.id), isNull(moderationWarnings.acknowledgedAt)));
}
