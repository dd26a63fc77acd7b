import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { EXPORT_VALID_HOURS } from '../../../common/exports/schemas';
import { formatDate, formatTime } from '../../../common/time';
import { type BusinessExport, businessExports, type User, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { conflict, uniqueViolation } from '../../platform/errors';
import { signPath, verifyPathSignature } from '../../platform/signing';
import { mailLater } from '../mail/send';
import { writeArchive } from './archive';
import { presentExport } from './presenter';
import { exportsOf } from './queries';
import { exportReadyMail } from './mails';

export const EXPORT_JOB = 'business-export';
export const EXPORT_CLEANUP_JOB = 'cleanup-expired-exports';
/** An export still queued or running this long after its request was cut off (its job tries twice, an hour each). */
const STALE_HOURS = 3;
/** Exports a requester sees in their list. */
const LISTED = 20;

const storageKeyOf = (id: string) => `exports/${id}.zip`;
const signedPath = (row: Pick<BusinessExport, 'id' | 'requestedBy'>) => `exports/${row.id}/${row.requestedBy}`;
export const archiveFileName = (row: Pick<BusinessExport, 'scope' | 'createdAt'>) =>
  `tend-${row.scope}-export-${row.createdAt.toISOString().slice(0, 10)}.zip`;

/**
 * Queues an export of `scope` for `user`: a row, then its job. A second request while one of the
 * requester's exports is queued or running is refused by the database's unique index (409).
 */
export async function requestExport(ctx: AppContext, user: User, scope: BusinessExport['scope']) {
  // an export whose job is long past its last try (a killed process) no longer blocks the next one
  await ctx.db
    .update(businessExports)
    .set({ state: 'failed', error: 'stopped', finishedAt: new Date() })
    .where(
      and(
        eq(businessExports.requestedBy, user.id),
        inArray(businessExports.state, ['queued', 'running']),
        lt(businessExports.createdAt, sql`now() - interval '${sql.raw(String(STALE_HOURS))} hours'`),
      ),
    );
  let row: BusinessExport;
  try {
    [row] = (await ctx.db.insert(businessExports).values({ requestedBy: user.id, scope }).returning()) as [
      BusinessExport,
    ];
  } catch (err) {
    if (uniqueViolation(err)) throw conflict('export_running');
    throw err;
  }
  try {
    await ctx.jobs.send(EXPORT_JOB, { exportId: row.id }, { key: row.id, retryLimit: 1, expireInSeconds: 3600 });
  } catch (err) {
    // without its job the row would block the next request for good
    await ctx.db.delete(businessExports).where(eq(businessExports.id, row.id));
    throw err;
  }
  return presentExport(row, await downloadUrl(ctx, row));
}

export async function listExports(ctx: AppContext, user: User, scope: BusinessExport['scope']) {
  const rows = await exportsOf(ctx, user, scope, LISTED);
  return { exports: await Promise.all(rows.map(async (row) => presentExport(row, await downloadUrl(ctx, row)))) };
}

const isLive = (row: BusinessExport, now = Date.now()) =>
  row.state === 'ready' && row.storageKey !== null && row.expiresAt !== null && row.expiresAt.getTime() > now;

/**
 * The download link of a ready archive, valid until the archive expires: S3's own presigned URL,
 * or one Tend signs for its requester (the route also checks it is them who follows it).
 */
async function downloadUrl(ctx: AppContext, row: BusinessExport) {
  if (!isLive(row)) return null;
  const expiresInSeconds = Math.max(1, Math.floor((row.expiresAt!.getTime() - Date.now()) / 1000));
  const presigned = await ctx.storage.presign(row.storageKey!, {
    // S3 signs for at most 7 days
    expiresInSeconds: Math.min(expiresInSeconds, 7 * 24 * 3600),
    contentType: 'application/zip',
    fileName: archiveFileName(row),
  });
  if (presigned) return presigned;
  const exp = Math.floor(row.expiresAt!.getTime() / 1000);
  return `/api/app/exports/${row.id}/download?exp=${exp}&sig=${signPath(ctx.config.appSecret, signedPath(row), exp)}`;
}

/** Whether a download link is this archive's, signed for its requester and not yet expired. */
export const validDownload = (ctx: AppContext, row: BusinessExport, exp: number, sig: string) =>
  verifyPathSignature(ctx.config.appSecret, signedPath(row), exp, sig) && isLive(row);

/**
 * The export job: writes the archive and marks the row ready (or failed). A rerun after a killed
 * process starts the archive again from the beginning, under the same key.
 */
export async function runExport(ctx: AppContext, exportId: string) {
  const [row] = await ctx.db
    .update(businessExports)
    .set({ state: 'running', progress: 0 })
    .where(and(eq(businessExports.id, exportId), inArray(businessExports.state, ['queued', 'running'])))
    .returning();
  if (!row) return { skipped: true };
  const key = storageKeyOf(row.id);
  try {
    const { size, manifest } = await writeArchive({
      db: ctx.db,
      storage: ctx.storage,
      scope: row.scope === 'site' ? { kind: 'site' } : { kind: 'business', facilitatorId: row.requestedBy },
      key,
      onProgress: async (progress) => {
        await ctx.db.update(businessExports).set({ progress }).where(eq(businessExports.id, row.id));
      },
    });
    const expiresAt = new Date(Date.now() + EXPORT_VALID_HOURS * 3600_000);
    await ctx.db
      .update(businessExports)
      .set({
        state: 'ready',
        progress: 100,
        storageKey: key,
        sizeBytes: size,
        counts: JSON.stringify(manifest.counts),
        finishedAt: new Date(),
        expiresAt,
      })
      .where(eq(businessExports.id, row.id));
    await mailReady(ctx, row, expiresAt);
    return { size };
  } catch (err) {
    ctx.log.error({ err, exportId }, 'export failed');
    await ctx.db
      .update(businessExports)
      .set({ state: 'failed', error: String((err as Error).message ?? err).slice(0, 500), finishedAt: new Date() })
      .where(eq(businessExports.id, row.id));
    return { failed: true };
  }
}

async function mailReady(ctx: AppContext, row: BusinessExport, expiresAt: Date) {
  const [to] = await ctx.db
    .select({ email: users.email, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, row.requestedBy));
  if (!to) return;
  const page = `${ctx.config.publicUrl}${row.scope === 'site' ? '/admin/export' : '/export'}`;
  const until = `${formatDate(expiresAt, to.timeZone)} ${formatTime(expiresAt, to.timeZone)}`;
  await mailLater(ctx, exportReadyMail(to.email, row.scope, page, until), `export-ready:${row.id}`);
}

/** Archives past their expiry: the file is deleted and the row kept as 'expired' (the list shows it). */
export async function deleteExpiredExports(ctx: Pick<AppContext, 'db' | 'storage'>) {
  const due = await ctx.db
    .select({ id: businessExports.id, storageKey: businessExports.storageKey })
    .from(businessExports)
    .where(and(isNotNull(businessExports.storageKey), lt(businessExports.expiresAt, sql`now()`)))
    .limit(100);
  for (const row of due) {
    await ctx.storage.delete(row.storageKey!);
    await ctx.db
      .update(businessExports)
      .set({ state: 'expired', storageKey: null })
      .where(eq(businessExports.id, row.id));
  }
  return { exports: due.length };
}
