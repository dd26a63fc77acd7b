import { sql } from 'drizzle-orm';
import type { SavePlaybackPositionRequest } from '../../../common/practice/schemas';
import { type Content, engagement, journalEntries, playbackPositions } from '../../db/schema';
import { badRequest } from '../../platform/errors';
import type { AppContext } from '../../platform/context';

/**
 * The member's practice records, written: engagement (done, favourite, time), journal entries and
 * where they stopped in an item's audio or video.
 */

/**
 * One atomic upsert per call. Without `value` it toggles: the first call sets the flag, later ones
 * flip it. With `value` it sets the flag to it, so the same call sent again changes nothing.
 */
export async function toggleFlag(
  ctx: AppContext,
  userId: string,
  contentId: string,
  flag: 'isComplete' | 'isFavourite',
  value?: boolean,
) {
  const column = flag === 'isComplete' ? engagement.isComplete : engagement.isFavourite;
  const [row] = await ctx.db
    .insert(engagement)
    .values({ userId, contentId, [flag]: value ?? true })
    .onConflictDoUpdate({
      target: [engagement.userId, engagement.contentId],
      set: { [flag]: value === undefined ? sql`not ${column}` : value, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

/** Adds practice time to an item, the first time creating its row. */
export async function addEngagementTime(ctx: AppContext, userId: string, contentId: string, milliseconds: number) {
  const [row] = await ctx.db
    .insert(engagement)
    .values({ userId, contentId, totalEngagementMs: milliseconds })
    .onConflictDoUpdate({
      target: [engagement.userId, engagement.contentId],
      set: { totalEngagementMs: sql`${engagement.totalEngagementMs} + ${milliseconds}`, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

/** A member's journal entry on an item they may practise. */
export async function writeJournalEntry(ctx: AppContext, userId: string, contentId: string, text: string) {
  const [entry] = await ctx.db.insert(journalEntries).values({ userId, contentId, text }).returning();
  return entry!;
}

/**
 * Keeps where the member stopped in an item's audio or video: one upsert, the latest save wins
 * (the member resumes from it on any device). An item without media has no place to keep (400).
 */
export async function savePlaybackPosition(
  ctx: AppContext,
  userId: string,
  item: Pick<Content, 'id' | 'media'>,
  { position, duration }: SavePlaybackPositionRequest,
) {
  if (!item.media) throw badRequest('nothing_to_play');
  const values = { positionSeconds: position, durationSeconds: duration };
  const [row] = await ctx.db
    .insert(playbackPositions)
    .values({ userId, contentId: item.id, ...values })
    .onConflictDoUpdate({
      target: [playbackPositions.userId, playbackPositions.contentId],
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}
