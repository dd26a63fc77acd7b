import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { memberImportRows, memberImports, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { passwordLink, WELCOME_TTL_MS } from '../auth/service';
import { mailLater } from '../mail/send';
import { loadFrequencies } from '../notifications/email-preferences';
import { importWelcomeMail } from './mails';

export const WELCOME_JOB = 'member-import-welcome';

type MailCtx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'mailer' | 'log'>;

/**
 * Sends the welcome mails whose slot has come (the slots hold the throttle), then queues the
 * next batch. An account that has turned every mail off by now is not mailed. Each mail is
 * queued once by its key, and its row marked sent after.
 */
export async function sendWelcomeMails(ctx: MailCtx, importId: string) {
  const [imp] = await ctx.db
    .select({ imp: memberImports, facilitator: users })
    .from(memberImports)
    .innerJoin(users, eq(users.id, memberImports.facilitatorId))
    .where(eq(memberImports.id, importId));
  if (!imp) return { skipped: 'import gone' };
  const due = await dueWelcomeRows(ctx, importId);
  const frequencies = await loadFrequencies(
    ctx.db,
    due.map((d) => d.user.id),
  );
  let sent = 0;
  for (const { row, user } of due) {
    const allOff = Object.values(frequencies.get(user.id) ?? {}).every((f) => f === 'off');
    if (!allOff) {
      const link = await passwordLink(ctx, user.id, WELCOME_TTL_MS);
      await mailLater(
        ctx,
        importWelcomeMail(user, imp.facilitator.name, link),
        `member-import-welcome:${importId}:${row.rowNumber}`,
      );
      sent++;
    }
    await ctx.db
      .update(memberImportRows)
      .set({ mailStatus: allOff ? 'opted_out' : 'sent' })
      .where(and(eq(memberImportRows.importId, importId), eq(memberImportRows.rowNumber, row.rowNumber)));
  }
  await queueWelcomeMails(ctx, importId);
  return { sent };
}

/** Queues the import's next batch of welcome mails at the earliest slot still waiting. */
export async function queueWelcomeMails(ctx: Pick<AppContext, 'db' | 'jobs'>, importId: string) {
  const [next] = await ctx.db
    .select({ at: memberImportRows.mailAfter })
    .from(memberImportRows)
    .where(and(eq(memberImportRows.importId, importId), eq(memberImportRows.mailStatus, 'pending')))
    .orderBy(asc(memberImportRows.mailAfter))
    .limit(1);
  if (!next?.at) return;
  const at = next.at;
  await ctx.jobs.send(
    WELCOME_JOB,
    { importId },
    {
      key: `member-import-welcome:${importId}:${at.toISOString()}`,
      // a slot already due runs at once (a future start waits for the runner's polling)
      ...(at > new Date() && { startAfter: at }),
      retryLimit: 8,
    },
  );
}

/** The rows of an import whose slot has come, oldest slot first. */
const dueWelcomeRows = (ctx: Pick<AppContext, 'db'>, importId: string) =>
  ctx.db
    .select({ row: memberImportRows, user: users })
    .from(memberImportRows)
    .innerJoin(users, eq(users.id, memberImportRows.userId))
    .where(
      and(
        eq(memberImportRows.importId, importId),
        eq(memberImportRows.mailStatus, 'pending'),
        lte(memberImportRows.mailAfter, sql`now()`),
      ),
    )
    .orderBy(asc(memberImportRows.mailAfter), asc(memberImportRows.rowNumber));
