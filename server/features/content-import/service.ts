import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { ContentType } from '../../../common/content/schemas';
import type { Multipart } from '@fastify/multipart';
import {
  type FeedPreviewAnswer,
  FilesImportManifest,
  type StartFeedImportRequest,
} from '../../../common/content-import/schemas';
import { MEDIA_MAX_BYTES } from '../../../common/uploads/schemas';
import { contentImportItems, contentImports, type ContentImport, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { badRequest, fail, forbidden } from '../../platform/errors';
import { sealSecret } from '../../platform/secrets';
import { ownedTierIds } from '../tiers/service';
import { sniffStream } from '../uploads/sniff';
import { quotaFull, uploadRoom } from '../uploads/quota';
import { type Feed, orderItems, parseFeed } from './feed';
import { readAll, safeGet } from './safe-fetch';
import { listZip } from './zip';
import { sendImportJob } from './job';

const FEED_MAX_BYTES = 10 * 1024 * 1024;

/** Fetches and reads a feed: the address is a secret, so it is never logged nor put in an error. */
export async function fetchFeed(ctx: AppContext, feedUrl: string): Promise<Feed> {
  const body = await safeGet(feedUrl, {
    allowLoopback: ctx.config.importFromLoopback === true,
    maxBytes: FEED_MAX_BYTES,
    timeoutMs: 20_000,
    unreachable: 'feed_unreachable',
    tooLarge: 'feed_too_large',
  });
  const feed = parseFeed((await readAll(body.stream, 'feed_too_large')).toString('utf8'));
  if (feed.items.length === 0) throw badRequest('feed_has_no_recordings');
  return feed;
}

export const presentFeed = (feed: Feed): FeedPreviewAnswer => ({
  title: feed.title,
  hasArtwork: feed.artworkUrl !== null,
  items: feed.items.map((i) => ({
    key: i.key,
    title: i.title,
    publishedAt: i.publishedAt?.toISOString() ?? null,
    mimeType: i.mimeType,
    size: i.size,
    duration: i.duration,
  })),
});

async function checkTier(ctx: AppContext, owner: User, tierId: string) {
  const owned = await ownedTierIds(ctx, owner, [tierId]);
  if (owned.length !== 1) throw forbidden('not_own_tiers');
}

type NewImport = typeof contentImports.$inferInsert;
type NewItem = Omit<typeof contentImportItems.$inferInsert, 'importId' | 'position'>;

/** Writes an import and its items (positioned in the given order) in one transaction, then starts its job. */
async function createImport(ctx: AppContext, row: NewImport, items: NewItem[]) {
  const id = await ctx.db.transaction(async (tx) => {
    const [created] = await tx.insert(contentImports).values(row).returning({ id: contentImports.id });
    await tx
      .insert(contentImportItems)
      .values(items.map((item, position) => ({ ...item, importId: created!.id, position })));
    return created!.id;
  });
  await sendImportJob(ctx, id, 0, 0);
  return id;
}

/** Starts importing the chosen items of a feed into a tier's queue, in the chosen order. */
export async function startFeedImport(ctx: AppContext, owner: User, input: StartFeedImportRequest) {
  await checkTier(ctx, owner, input.tierId);
  const feed = await fetchFeed(ctx, input.feedUrl);
  const chosen = new Set(input.items);
  const items = orderItems(
    feed.items.filter((i) => chosen.has(i.key)),
    input.order,
  );
  if (items.length !== chosen.size) throw badRequest('import_items_unknown');
  const seal = (v: string) => sealSecret(ctx.config.appSecret, v);
  return createImport(
    ctx,
    {
      ownerId: owner.id,
      tierId: input.tierId,
      source: 'feed',
      label: feed.title,
      sealedFeedUrl: seal(input.feedUrl),
      contentType: input.contentType,
    },
    items.map((item) => ({
      title: item.title,
      description: item.description,
      source: seal(item.enclosureUrl),
      sealedArtworkUrl: item.artworkUrl ? seal(item.artworkUrl) : null,
      publishedAt: item.publishedAt,
      mimeType: item.mimeType,
      size: item.size,
    })),
  );
}

const titleFromName = (name: string) =>
  (name.split('/').pop() ?? name)
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim()
    .slice(0, 200) || 'Untitled';

/**
 * Starts importing a ZIP already streamed to storage: its files in the CSV's days (then the rest
 * in name order, each titled from its file name). Unsafe or oversized entries become failed items.
 */
export async function startZipImport(
  ctx: AppContext,
  owner: User,
  input: { tierId: string; contentType: ContentType; archive: Readable; fileName: string },
) {
  await checkTier(ctx, owner, input.tierId);
  const archiveKey = `imports/${randomUUID()}.zip`;
  try {
    const { size } = await ctx.storage.put(archiveKey, input.archive, 'application/zip');
    if ((input.archive as Readable & { truncated?: boolean }).truncated || size > MEDIA_MAX_BYTES)
      throw fail(413, 'file_too_large');
    const { files, csv } = await listZip(ctx.storage, archiveKey);
    if (files.length === 0) throw badRequest('zip_has_no_files');
    const rows = files
      .map((f, i) => ({ ...f, i, row: csv.get(f.name) }))
      .sort((a, b) => (a.row?.day ?? Number.MAX_SAFE_INTEGER) - (b.row?.day ?? Number.MAX_SAFE_INTEGER) || a.i - b.i);
    return await createImport(
      ctx,
      {
        ownerId: owner.id,
        tierId: input.tierId,
        source: 'zip',
        label: input.fileName.slice(0, 200) || 'ZIP',
        archiveKey,
        contentType: input.contentType,
      },
      rows.map((f) => ({
        title: (f.row?.title ?? titleFromName(f.name)).slice(0, 200),
        description: (f.row?.description ?? '').slice(0, 10_000),
        source: f.name.slice(0, 1000),
        day: f.row?.day ?? null,
        ...(f.safe
          ? f.tooLarge && { state: 'failed' as const, reason: 'entry_too_large' }
          : { state: 'failed' as const, reason: 'unsafe_path' }),
      })),
    );
  } catch (err) {
    await ctx.storage.delete(archiveKey).catch(() => undefined);
    throw err;
  }
}

/** Puts an import's failed items back to pending (all, or the one at `position`) and runs it again. */
export async function retryFailed(ctx: AppContext, row: ContentImport, position?: number) {
  const round = await ctx.db.transaction(async (tx) => {
    await tx
      .update(contentImportItems)
      .set({ state: 'pending', reason: null, updatedAt: new Date() })
      .where(
        and(
          eq(contentImportItems.importId, row.id),
          eq(contentImportItems.state, 'failed'),
          // an unsafe ZIP path stays refused
          sql`coalesce(${contentImportItems.reason}, '') <> 'unsafe_path'`,
          position === undefined ? sql`true` : eq(contentImportItems.position, position),
        ),
      );
    const [updated] = await tx
      .update(contentImports)
      .set({ round: sql`${contentImports.round} + 1` })
      .where(eq(contentImports.id, row.id))
      .returning({ round: contentImports.round });
    return updated!.round;
  });
  await sendImportJob(ctx, row.id, round, 0);
}

/** A file's name as a storage key part: letters, digits, dot, dash and underscore only. */
const keySafe = (name: string) =>
  (name.split(/[/\\]/).pop() ?? '')
    .replace(/[^a-z0-9._-]+/gi, '-')
    .replace(/^[.-]+/, '')
    .slice(-80) || 'file';

/**
 * Starts importing several audio or video files sent in one multipart request: first the `items`
 * field (each file's name, size and optional title, in queue order), then the files in that order.
 * The sizes are checked against the upload limit and the quota before any byte is stored; each
 * file is sniffed and streamed to `imports/<uuid>/`; any refusal removes what was staged, so
 * nothing is half-written. The job then takes each file through the normal upload path.
 */
export async function startFilesImport(
  ctx: AppContext,
  owner: User,
  input: { tierId: string; contentType: ContentType; parts: AsyncIterable<Multipart> },
) {
  const folder = `imports/${randomUUID()}`;
  const staged: string[] = [];
  try {
    let manifest: FilesImportManifest | undefined;
    const items: NewItem[] = [];
    let total = 0;
    let room = 0;
    for await (const part of input.parts) {
      if (part.type === 'field') {
        if (part.fieldname !== 'items' || manifest) throw badRequest('files_manifest_invalid');
        manifest = parseManifest(part.value);
        await checkTier(ctx, owner, input.tierId);
        room = await uploadRoom(ctx, owner);
        if (manifest.some((f) => f.size > MEDIA_MAX_BYTES)) throw fail(413, 'file_too_large');
        if (manifest.reduce((sum, f) => sum + f.size, 0) > room) throw quotaFull(ctx);
        continue;
      }
      const entry = manifest?.[items.length];
      if (!manifest) {
        part.file.resume();
        throw badRequest('files_manifest_invalid');
      }
      if (!entry) {
        part.file.resume();
        throw badRequest('files_do_not_match');
      }
      const { stream, sniffed } = await sniffStream(part.file);
      if (sniffed?.fileType !== 'audio' && sniffed?.fileType !== 'video') {
        part.file.resume();
        throw fail(415, 'unsupported_media');
      }
      const key = `${folder}/${items.length}-${keySafe(part.filename)}`;
      staged.push(key);
      const { size } = await ctx.storage.put(key, stream, sniffed.mime);
      if (part.file.truncated) throw fail(413, 'file_too_large');
      total += size;
      if (total > room) throw quotaFull(ctx);
      items.push({
        title: (entry.title || titleFromName(part.filename)).slice(0, 200),
        source: key,
        mimeType: sniffed.mime,
        size,
      });
    }
    if (!manifest || items.length !== manifest.length) throw badRequest('files_do_not_match');
    return await createImport(
      ctx,
      {
        ownerId: owner.id,
        tierId: input.tierId,
        source: 'files',
        label: items.length === 1 ? items[0]!.title : `${items.length} files`,
        archiveKey: folder,
        contentType: input.contentType,
      },
      items,
    );
  } catch (err) {
    await Promise.all(staged.map((key) => ctx.storage.delete(key).catch(() => undefined)));
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fail(413, 'file_too_large');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw fail(413, 'too_many_files');
    throw err;
  }
}

function parseManifest(value: unknown) {
  let json: unknown;
  try {
    json = JSON.parse(String(value));
  } catch {
    throw badRequest('files_manifest_invalid');
  }
  const parsed = FilesImportManifest.safeParse(json);
  if (!parsed.success) throw badRequest('files_manifest_invalid');
  return parsed.data;
}
