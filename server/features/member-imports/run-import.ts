import { and, eq, max, sql } from 'drizzle-orm';
import type { ImportField } from '../../../common/member-imports/schemas';
import { memberImportRows, memberImports, tiers, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { JobRunner } from '../../platform/jobs';
import { importRows } from './import-row';
import type { ImportDependencies } from './keep-paid-subscriptions';
import { processRow } from './process-row';
import { queueWelcomeMails, sendWelcomeMails, WELCOME_JOB } from './welcome';

export const IMPORT_JOB = 'member-import';

type JobCtx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'mailer' | 'log' | 'storage'>;

/** The import job and the throttled welcome mails; `deps` holds what is configured from outside. */
export async function registerMemberImportJobs(jobs: JobRunner, ctx: () => JobCtx, deps: ImportDependencies = {}) {
  await jobs.work<{ importId: string }>(IMPORT_JOB, ({ data }) => runImport(ctx(), data.importId, deps));
  await jobs.work<{ importId: string }>(WELCOME_JOB, ({ data }) => sendWelcomeMails(ctx(), data.importId));
}

/** Queues the import's run; a second queueing of the same import is the same job. */
export const queueImport = (ctx: Pick<AppContext, 'jobs'>, importId: string) =>
  ctx.jobs.send(IMPORT_JOB, { importId }, { key: `member-import:${importId}`, expireInSeconds: 3600, retryLimit: 10 });

/**
 * Runs an import through its file, one row per transaction, starting after the last row
 * processed (a job cut off by a restart resumes there), then queues its welcome mails.
 */
export async function runImport(ctx: JobCtx, importId: string, deps: ImportDependencies = {}) {
  const [imp] = await ctx.db
    .update(memberImports)
    .set({ status: 'running', startedAt: sql`coalesce(${memberImports.startedAt}, now())` })
    .where(and(eq(memberImports.id, importId), sql`${memberImports.status} in ('queued', 'running')`))
    .returning();
  if (!imp) return { skipped: 'not queued' };
  const [facilitator] = await ctx.db.select().from(users).where(eq(users.id, imp.facilitatorId));
  const own = await ctx.db.select().from(tiers).where(eq(tiers.userId, imp.facilitatorId));
  const [done] = await ctx.db
    .select({ last: max(memberImportRows.rowNumber) })
    .from(memberImportRows)
    .where(eq(memberImportRows.importId, imp.id));
  const stored = await ctx.storage.get(imp.fileKey);
  if (!stored || !facilitator) throw new Error(`member import ${imp.id}: file or facilitator missing`);
  const rc = {
    db: ctx.db,
    import: imp,
    facilitator,
    tiers: own,
    match: { tiers: own, tierValues: imp.tierValues },
    keepPaidSubscriptions: deps.keepPaidSubscriptions,
  };
  let processed = 0;
  for await (const row of importRows(stored.stream, imp.columns as ImportField[], done?.last ?? 0)) {
    await processRow(rc, row);
    processed++;
  }
  await ctx.db
    .update(memberImports)
    .set({ status: 'done', finishedAt: new Date() })
    .where(eq(memberImports.id, imp.id));
  await queueWelcomeMails(ctx, imp.id);
  return { processed };
}
