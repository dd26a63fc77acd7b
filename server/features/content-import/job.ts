import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { IMAGE_MAX_BYTES, MEDIA_MAX_BYTES } from '../../../common/uploads/schemas';
import {
  contentImportItems,
  contentImports,
  users,
  type ContentImport,
  type ContentImportItem,
  type User,
} from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { fail, HttpError } from '../../platform/errors';
import type { JobRunner } from '../../platform/jobs';
import { openSecret } from '../../platform/secrets';
import { saveContent } from '../content/service';
import { storeImage } from '../uploads/image-host';
import { storeMedia } from '../uploads/media';
import { quotaFull, uploadRoom } from '../uploads/quota';
import { placeInQueue } from '../tiers/queue';
import { byteLimit, readAll, safeGet } from './safe-fetch';
import { openEntry } from './zip';

export const CONTENT_IMPORT_JOB = 'content-import';
/** One job works through items for at most this long, then hands over to the next job. */
const JOB_BUDGET_MS = 60_000;

/**
 * Queues the job that works through an import's pending items. The key (import, retry round,
 * first item) makes a repeated send of the same step a no-op.
 */
export async function sendImportJob(ctx: Pick<AppContext, 'jobs'>, importId: string, round: number, from: number) {
  await ctx.jobs.send(
    CONTENT_IMPORT_JOB,
    { importId },
    { key: `${importId}:${round}:${from}`, retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 60 * 60 },
  );
}

class AlreadyDone extends Error {}

const nextPending = async (ctx: AppContext, importId: string) =>
  (
    await ctx.db
      .select()
      .from(contentImportItems)
      .where(and(eq(contentImportItems.importId, importId), eq(contentImportItems.state, 'pending')))
      .orderBy(contentImportItems.position)
      .limit(1)
  )[0];

/**
 * Imports one item through the normal upload path (sniffing, metadata stripping, quota,
 * storage) and creates its content in the tier's queue. The content and the item's `done` are
 * written in one transaction, and only while the item is still pending: a second run of the
 * same item (a retried job, a second instance) rolls back instead of adding it twice.
 */
export async function importItem(ctx: AppContext, imp: ContentImport, owner: User, item: ContentImportItem) {
  try {
    const room = await uploadRoom(ctx, owner);
    const maxBytes = Math.min(MEDIA_MAX_BYTES, room);
    const { stream, name } = await openItem(ctx, imp, item, maxBytes);
    let stored: Awaited<ReturnType<typeof storeMedia>>;
    try {
      stored = await storeMedia(ctx, owner.id, stream, name);
    } catch (err) {
      stream.destroy();
      if (err instanceof HttpError && err.statusCode === 413 && room < MEDIA_MAX_BYTES) throw quotaFull(ctx);
      throw err;
    }
    const thumbnail = await artworkOf(ctx, owner, item);
    await ctx.db.transaction(async (tx) => {
      const txCtx = { ...ctx, db: tx } as AppContext;
      const row = await saveContent(txCtx, owner, {
        title: item.title,
        description: item.description,
        thumbnail,
        media: stored.url,
        contentType: imp.contentType,
        tiers: [imp.tierId],
        inPostQueue: true,
        postNow: false,
      });
      if (item.day !== null) await placeInQueue(tx, imp.tierId, row.id, item.day - 1);
      const [marked] = await tx
        .update(contentImportItems)
        .set({ state: 'done', reason: null, contentId: row.id, updatedAt: new Date() })
        .where(
          and(
            eq(contentImportItems.importId, imp.id),
            eq(contentImportItems.position, item.position),
            eq(contentImportItems.state, 'pending'),
          ),
        )
        .returning({ position: contentImportItems.position });
      if (!marked) throw new AlreadyDone();
    });
    // an uploaded file is kept only until its item is imported (a failed item may be retried)
    if (imp.source === 'files') await ctx.storage.delete(item.source).catch(() => undefined);
  } catch (err) {
    if (err instanceof AlreadyDone) return;
    const code = err instanceof HttpError ? err.body.error : 'import_item_failed';
    // the item's address is a secret: only its position and the code are logged
    if (!(err instanceof HttpError))
      ctx.log.warn({ importId: imp.id, position: item.position, err }, 'import item failed');
    await ctx.db
      .update(contentImportItems)
      .set({ state: 'failed', reason: code.slice(0, 100), updatedAt: new Date() })
      .where(
        and(
          eq(contentImportItems.importId, imp.id),
          eq(contentImportItems.position, item.position),
          eq(contentImportItems.state, 'pending'),
        ),
      );
  }
}

/** The item's bytes: its enclosure streamed from the feed's host, its entry of the ZIP, or its uploaded file. */
async function openItem(
  ctx: AppContext,
  imp: ContentImport,
  item: ContentImportItem,
  maxBytes: number,
): Promise<{ stream: Readable; name: string }> {
  if (imp.source === 'files') {
    const staged = await ctx.storage.get(item.source);
    if (!staged) throw fail(400, 'staged_file_missing');
    return { stream: capped(staged.stream, maxBytes), name: item.source.split('/').pop()!.replace(/^\d+-/, '') };
  }
  if (imp.source === 'zip') {
    const stream = await openEntry(ctx.storage, imp.archiveKey!, item.source);
    return { stream: capped(stream, maxBytes), name: item.source.split('/').pop()! };
  }
  const url = openSecret(ctx.config.appSecret, item.source);
  const body = await safeGet(url, {
    allowLoopback: ctx.config.importFromLoopback === true,
    maxBytes,
    timeoutMs: 60_000,
    unreachable: 'enclosure_unreachable',
    tooLarge: 'file_too_large',
  });
  return { stream: body.stream, name: new URL(url).pathname.split('/').pop() || item.title };
}

/** A ZIP entry stops at the room left (quota or the upload limit), as an upload does. */
function capped(stream: Readable, max: number) {
  const limited = byteLimit(max);
  stream.on('error', (err) => limited.destroy(err));
  return stream.pipe(limited);
}

/** The item's artwork as the content's image; a missing or unreadable image is left out. */
async function artworkOf(ctx: AppContext, owner: User, item: ContentImportItem) {
  if (!item.sealedArtworkUrl) return null;
  try {
    const body = await safeGet(openSecret(ctx.config.appSecret, item.sealedArtworkUrl), {
      allowLoopback: ctx.config.importFromLoopback === true,
      maxBytes: IMAGE_MAX_BYTES - 1,
      timeoutMs: 20_000,
      unreachable: 'enclosure_unreachable',
      tooLarge: 'image_too_big',
    });
    const stored = await storeImage(ctx, owner.id, await readAll(body.stream, 'image_too_big'), 'artwork');
    return stored.filePath.replace(/^\/+/, '');
  } catch {
    return null;
  }
}

/**
 * Works through an import's pending items in order, one at a time, until none is left, the
 * budget is spent or the app is stopping; then hands the rest to a new job.
 */
export async function runImport(ctx: AppContext, importId: string, stopping: () => boolean) {
  const [imp] = await ctx.db.select().from(contentImports).where(eq(contentImports.id, importId)).limit(1);
  if (!imp) return { imported: 0 };
  const [owner] = await ctx.db.select().from(users).where(eq(users.id, imp.ownerId)).limit(1);
  if (!owner) return { imported: 0 };
  const deadline = Date.now() + JOB_BUDGET_MS;
  let imported = 0;
  for (;;) {
    const item = await nextPending(ctx, imp.id);
    if (!item) break;
    if (stopping() || Date.now() > deadline) {
      await sendImportJob(ctx, imp.id, imp.round, item.position);
      return { imported, handedOver: true };
    }
    await importItem(ctx, imp, owner, item);
    imported++;
  }
  return { imported };
}

/** Registers the import job; the answer tells it that the app is closing (it then hands over). */
export async function registerContentImportJob(jobs: JobRunner, ctx: () => AppContext) {
  let stopping = false;
  await jobs.work<{ importId: string }>(CONTENT_IMPORT_JOB, (job) =>
    runImport(ctx(), job.data.importId, () => stopping),
  );
  return () => {
    stopping = true;
  };
}
