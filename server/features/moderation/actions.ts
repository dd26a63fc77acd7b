import { and, eq } from 'drizzle-orm';
import type { ModerationActionType } from '../../../common/moderation/schemas';
import {
  comments,
  groupModerators,
  groupMutes,
  groups,
  memberships,
  messages,
  type ModerationCase,
  moderationActions,
  moderationCases,
  moderationWarnings,
  posts,
  reports,
  type User,
  users,
} from '../../db/schema';
import { type CommandContext, inTransaction } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { endUserSessions } from '../auth/sessions';
import { notify } from '../notifications/service';
import { actionsFor } from './policy';
import { markHidden } from './reports';
import { describeTarget, type Target } from './target';

const DAY_MS = 86_400_000;

/** What the reporters are told each action decided. */
const OUTCOMES: Record<ModerationActionType, string> = {
  dismiss: 'a moderator reviewed it and left it up',
  hide: 'a moderator hid it',
  unhide: 'a moderator reviewed it and left it up',
  delete: 'a moderator removed it',
  warn: 'a moderator warned its author',
  mute: 'a moderator muted its author in the group',
  remove: 'a moderator removed its author from the group',
  suspend: "an admin suspended its author's account",
};

type Input = { action: ModerationActionType; reason: string; days?: 1 | 7 | 30 };

/** The action's effect on the item and its author; the caller has checked the actor may take it. */
async function apply(ctx: CommandContext, kase: ModerationCase, target: Target | undefined, input: Input, now: Date) {
  const { db } = ctx;
  const subject = kase.authorId;
  const needsItem = input.action === 'hide' || input.action === 'unhide' || input.action === 'delete';
  if (needsItem && !target) throw badRequest('report_target_not_found');
  switch (input.action) {
    case 'dismiss':
      // content hidden only pending review is shown again when the reports are dismissed
      if (kase.hiddenByReportsAt && target) await markHidden(db, target, false);
      return;
    case 'hide':
      await markHidden(db, target!, true);
      return;
    case 'unhide':
      await markHidden(db, target!, false);
      return;
    case 'delete': {
      const table = kase.targetType === 'post' ? posts : kase.targetType === 'comment' ? comments : messages;
      await db.delete(table).where(eq(table.id, kase.targetId));
      return;
    }
    case 'warn':
      await db.insert(moderationWarnings).values({ userId: subject, groupId: kase.groupId, reason: input.reason });
      return;
    case 'mute': {
      const days = input.days ?? 1;
      const until = new Date(now.getTime() + days * DAY_MS);
      await db
        .insert(groupMutes)
        .values({ groupId: kase.groupId!, userId: subject, until, days })
        .onConflictDoUpdate({ target: [groupMutes.groupId, groupMutes.userId], set: { until, days, createdAt: now } });
      return;
    }
    case 'remove': {
      const [group] = await db.select({ ownerId: groups.ownerId }).from(groups).where(eq(groups.id, kase.groupId!));
      if (group?.ownerId === subject) throw badRequest('cannot_remove_owner');
      await db
        .update(memberships)
        .set({ status: 'rejected' })
        .where(and(eq(memberships.groupId, kase.groupId!), eq(memberships.userId, subject)));
      await db
        .delete(groupModerators)
        .where(and(eq(groupModerators.groupId, kase.groupId!), eq(groupModerators.userId, subject)));
      return;
    }
    case 'suspend':
      await db.update(users).set({ suspendedAt: now }).where(eq(users.id, subject));
      await endUserSessions(db, subject);
      return;
  }
}

/** What the author is told, with the reason, when an action reaches them or their content. */
function authorNotice(kase: ModerationCase, input: Input): string | null {
  const what = `your ${kase.targetType === 'user' ? 'profile' : kase.targetType}`;
  switch (input.action) {
    case 'hide':
      return `A moderator hid ${what}. Reason: ${input.reason}`;
    case 'delete':
      return `A moderator removed ${what}. Reason: ${input.reason}`;
    case 'mute':
      return `A moderator muted you in the group for ${input.days ?? 1} day(s). Reason: ${input.reason}`;
    case 'remove':
      return `A moderator removed you from the group. Reason: ${input.reason}`;
    default:
      return null;
  }
}

/**
 * A moderator's action on a queue item, in one transaction: its effect, the log line (who, when,
 * what, why), the item's open reports closed with the outcome, and the reporters and the author
 * told. Acting on a closed item logs the action again and closes nothing.
 */
export async function takeAction(
  ctx: CommandContext,
  opts: { actor: User; kase: ModerationCase; input: Input; now?: Date },
) {
  const { actor, kase, input } = opts;
  const now = opts.now ?? new Date();
  if ((input.action === 'mute' || input.action === 'remove') && !kase.groupId) throw badRequest('action_needs_group');
  if (!actionsFor(kase).includes(input.action)) throw badRequest('action_not_for_target');
  const target = await describeTarget(ctx.db, kase.targetType, kase.targetId);
  await inTransaction(ctx, async (tx) => {
    await apply(tx, kase, target, input, now);
    await tx.db.insert(moderationActions).values({
      caseId: kase.id,
      groupId: kase.groupId,
      actorId: actor.id,
      action: input.action,
      targetType: kase.targetType,
      targetId: kase.targetId,
      subjectId: kase.authorId,
      reason: input.reason,
      details: input.action === 'mute' ? { days: input.days ?? 1 } : {},
      createdAt: now,
    });
    const outcome = OUTCOMES[input.action];
    const closed = await tx.db
      .update(reports)
      .set({ status: 'closed', outcome, closedAt: now })
      .where(and(eq(reports.caseId, kase.id), eq(reports.status, 'open')))
      .returning({ reporterId: reports.reporterId });
    await tx.db
      .update(moderationCases)
      .set({ status: 'closed', closedAt: now })
      .where(and(eq(moderationCases.id, kase.id), eq(moderationCases.status, 'open')));
    const what = kase.targetType === 'user' ? 'profile' : kase.targetType;
    await notify(
      tx.db,
      [...new Set(closed.map((r) => r.reporterId))].map((userId) => ({
        userId,
        type: 'moderation' as const,
        message: `We reviewed the ${what} you reported: ${outcome}. Thank you for telling us.`,
        link: '/notifications',
      })),
    );
    const notice = authorNotice(kase, input);
    if (notice)
      await notify(tx.db, {
        userId: kase.authorId,
        type: 'moderation',
        message: notice,
        link: input.action === 'hide' && target?.link ? target.link : '/notifications',
      });
  });
}
