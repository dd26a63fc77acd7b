import { and, countDistinct, eq, isNull, sql } from 'drizzle-orm';
import { CRISIS_RESOURCES_UNSET, type CreateReportRequest } from '../../../common/moderation/schemas';
import type { Executor } from '../../db/client';
import { comments, messages, moderationActions, moderationCases, posts, reports, type User } from '../../db/schema';
import { authorize, hidden } from '../../platform/authorize';
import { type CommandContext, inTransaction } from '../../platform/context';
import { badRequest, conflict } from '../../platform/errors';
import { notify } from '../notifications/service';
import { loadSiteSettings } from '../site/queries';
import { canReport } from './policy';
import { describeTarget, isVisibleTo, type Target } from './target';

export const REPORT_THANKS = "Thanks, we'll look at this.";

type ReportInput = {
  targetType: CreateReportRequest['targetType'];
  targetId: string;
  reason: CreateReportRequest['reason'];
  note: string;
};

/** Sets an item's hidden mark if it is not set yet; true when this call set it. */
export async function markHidden(db: Executor, target: Pick<Target, 'type' | 'id'>, hide: boolean) {
  const at = hide ? new Date() : null;
  const table =
    target.type === 'post' ? posts : target.type === 'comment' ? comments : target.type === 'message' ? messages : null;
  if (!table) return false;
  const changed = await db
    .update(table)
    .set({ hiddenAt: at })
    .where(and(eq(table.id, target.id), hide ? isNull(table.hiddenAt) : sql`${table.hiddenAt} is not null`))
    .returning({ id: table.id });
  return changed.length > 0;
}

/**
 * A member reports an item they can see (404 otherwise), once (409 already_reported). The report
 * joins the item's open queue item, made by whichever report comes first (partial unique index).
 */
export async function createReport(ctx: CommandContext, opts: { reporter: User; input: ReportInput }) {
  const { reporter, input } = opts;
  if (input.reason === 'other' && !input.note) throw badRequest('note_required_for_other');
  const target = await describeTarget(ctx.db, input.targetType, input.targetId);
  const visible = target !== undefined && (await isVisibleTo(ctx, reporter, target));
  authorize(visible, hidden('report_target_not_found'));
  authorize(canReport(reporter, { authorId: target!.authorId, visible }), () => badRequest('cannot_report_own'));
  const t = target!;
  const report = await inTransaction(ctx, async ({ db }) => {
    await db
      .insert(moderationCases)
      .values({ targetType: t.type, targetId: t.id, groupId: t.groupId, authorId: t.authorId })
      .onConflictDoNothing();
    const [open] = await db
      .select({ id: moderationCases.id })
      .from(moderationCases)
      .where(
        and(
          eq(moderationCases.targetType, t.type),
          eq(moderationCases.targetId, t.id),
          eq(moderationCases.status, 'open'),
        ),
      );
    const [row] = await db
      .insert(reports)
      .values({
        caseId: open!.id,
        reporterId: reporter.id,
        targetType: t.type,
        targetId: t.id,
        reason: input.reason,
        note: input.note,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('already_reported');
    return row;
  });
  // counted after the report's commit: the last of several concurrent reports sees them all
  await hideAtThreshold(ctx, report.caseId, t);
  const settings = await loadSiteSettings(ctx);
  const crisis = input.reason === 'self_harm' ? settings.crisisResources || CRISIS_RESOURCES_UNSET : null;
  return { _id: report.id, message: REPORT_THANKS, crisisResources: crisis };
}

/**
 * Hides the item once its open queue item has reports from the site's threshold of distinct
 * members. Exactly once: only the report whose conditional update sets `hidden_by_reports_at` hides
 * the item, writes the log line and tells the author. Profiles are never hidden.
 */
async function hideAtThreshold(ctx: CommandContext, caseId: string, target: Target) {
  if (target.type === 'user') return;
  const { reportHideThreshold } = await loadSiteSettings(ctx);
  const [{ n }] = (await ctx.db
    .select({ n: countDistinct(reports.reporterId) })
    .from(reports)
    .where(and(eq(reports.caseId, caseId), eq(reports.status, 'open')))) as [{ n: number }];
  if (n < reportHideThreshold) return;
  await inTransaction(ctx, async ({ db }) => {
    const won = await db
      .update(moderationCases)
      .set({ hiddenByReportsAt: new Date() })
      .where(
        and(
          eq(moderationCases.id, caseId),
          eq(moderationCases.status, 'open'),
          isNull(moderationCases.hiddenByReportsAt),
        ),
      )
      .returning({ id: moderationCases.id });
    if (won.length === 0) return;
    await markHidden(db, target, true);
    await db.insert(moderationActions).values({
      caseId,
      groupId: target.groupId,
      actorId: null,
      action: 'auto_hide',
      targetType: target.type,
      targetId: target.id,
      subjectId: target.authorId,
      reason: `Reported by ${n} members`,
    });
    await notify(db, {
      userId: target.authorId,
      type: 'moderation',
      message: `Your ${target.type} is hidden while moderators review reports about it.`,
      link: target.link ?? '/',
    });
  });
}
