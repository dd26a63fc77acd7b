import { inArray, sql } from 'drizzle-orm';
import { IMAGE_SIZES } from '../../../common/uploads/schemas';
import { type Database, selectRows } from '../../db/client';
import { images, mediaFiles } from '../../db/schema';
import type { JobRunner } from '../../platform/jobs/job-runner';
import type { ObjectStorage } from '../../platform/storage';

/** An upload nothing points at is kept this long first: a form may hold it unsaved for a while. */
export const ORPHAN_GRACE_DAYS = 7;
/** At most this many files go per run (the job runs nightly; a backlog clears over a few nights). */
const BATCH = 500;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * Every upload id still referenced. References are free text in several
 * columns (a path with or without a slash, a full URL, an array of photos), so instead of
 * matching formats this collects every UUID those columns contain, one scan per table: an
 * upload whose UUID appears anywhere is kept, whatever the format around it.
 */
const referenced = sql.raw(`
  select (regexp_matches(coalesce(profile_picture, ''), '${UUID}', 'g'))[1] as id from users
  union select (regexp_matches(coalesce(thumbnail, ''), '${UUID}', 'g'))[1] from tiers
  union select (regexp_matches(concat_ws(' ', thumbnail, media, captions), '${UUID}', 'g'))[1] from content
  union select (regexp_matches(coalesce(thumbnail, ''), '${UUID}', 'g'))[1] from groups
  union select (regexp_matches(coalesce(media, '') || ' ' || array_to_string(photos, ' '), '${UUID}', 'g'))[1]
    from posts
  union select (regexp_matches(text, '${UUID}', 'g'))[1] from messages
  union select (regexp_matches(logo_url, '${UUID}', 'g'))[1] from site_settings`);

/**
 * Removes images and media files older than the grace period that nothing references: the
 * stored bytes (and resized copies) first, then the rows. Answers how many of each went.
 */
export async function deleteOrphanedUploads(db: Database, storage: ObjectStorage) {
  const old = sql`now() - make_interval(days => ${ORPHAN_GRACE_DAYS})`;
  const imageRows = await selectRows<{ path: string }>(
    db,
    sql`
    with refs as (${referenced})
    select path from ${images} i
    where i.created_at < ${old} and split_part(i.path, '.', 1) not in (select id from refs where id is not null)
    limit ${BATCH}`,
  );
  const mediaRows = await selectRows<{ key: string }>(
    db,
    sql`
    with refs as (${referenced})
    select key from ${mediaFiles} m
    where m.created_at < ${old} and split_part(m.key, '.', 1) not in (select id from refs where id is not null)
    limit ${BATCH}`,
  );

  const paths = imageRows.map((r) => r.path);
  const keys = mediaRows.map((r) => r.key);
  for (const path of paths) {
    await storage.delete(`images/${path}`);
    for (const width of Object.values(IMAGE_SIZES))
      await storage.delete(`image-cache/w${width}/${path}`).catch(() => undefined);
  }
  for (const key of keys) await storage.delete(`media/${key}`);
  if (paths.length) await db.delete(images).where(inArray(images.path, paths));
  if (keys.length) await db.delete(mediaFiles).where(inArray(mediaFiles.key, keys));
  return { images: paths.length, media: keys.length };
}

/** Nightly at 03:41 UTC, through the job runner (one instance runs it). */
export async function scheduleOrphanCleanup(jobs: JobRunner, db: Database, storage: ObjectStorage) {
  await jobs.work('cleanup-orphaned-uploads', () => deleteOrphanedUploads(db, storage));
  await jobs.schedule('cleanup-orphaned-uploads', '41 3 * * *');
}
