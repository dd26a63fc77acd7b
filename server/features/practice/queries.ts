import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { engagement, journalEntries, playbackPositions, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { releasedAmong } from '../content/library';
import { ownersOf } from '../content/queries';

/** The member's practice records: engagement (done, favourite, time) and journal entries, read. */

/**
 * The user's engagement rows of `contentIds` (a primary-key lookup): a screen asks about the items
 * it shows, not every item a member of long standing has practised.
 */
export const engagementOf = (ctx: AppContext, userId: string, contentIds: readonly string[]) =>
  contentIds.length === 0
    ? Promise.resolve([])
    : ctx.db
        .select()
        .from(engagement)
        .where(and(eq(engagement.userId, userId), inArray(engagement.contentId, [...contentIds])));

/** The content the user marked as a favourite. */
export async function favouriteContentIds(ctx: AppContext, userId: string): Promise<Set<string>> {
  const rows = await ctx.db
    .select({ contentId: engagement.contentId })
    .from(engagement)
    .where(and(eq(engagement.userId, userId), eq(engagement.isFavourite, true)));
  return new Set(rows.map((r) => r.contentId));
}

/**
 * All the user's engagement time in whole seconds: the sum of each item's seconds as
 * presentEngagement shows them (rounded down per item), so the total is the sum of the records.
 */
export async function totalEngagementSeconds(ctx: AppContext, userId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ seconds: sql<number>`coalesce(sum(${engagement.totalEngagementMs} / 1000), 0)::float8` })
    .from(engagement)
    .where(eq(engagement.userId, userId));
  return Number(row?.seconds ?? 0);
}

/** The member's latest entry on an item, if any. */
export const latestJournalEntry = async (ctx: AppContext, userId: string, contentId: string) =>
  (
    await ctx.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.userId, userId), eq(journalEntries.contentId, contentId)))
      .orderBy(desc(journalEntries.createdAt))
      .limit(1)
  )[0];

/** The member's saved place in an item's audio or video, if any (a primary-key lookup). */
export const playbackPositionOf = async (ctx: AppContext, userId: string, contentId: string) =>
  (
    await ctx.db
      .select()
      .from(playbackPositions)
      .where(and(eq(playbackPositions.userId, userId), eq(playbackPositions.contentId, contentId)))
      .limit(1)
  )[0];

/**
 * The facts practice/policy.ts canPractise needs for each of these items that exists: its owner
 * and whether it is released to the member now. Three queries whatever the number of items (the
 * owners, then the member's subscriptions and the items' release facts), so the app can ask about
 * everything it saved for offline in one call.
 */
export async function practiceFactsOf(ctx: AppContext, user: User, ids: readonly string[]) {
  const owners = await ownersOf(ctx.db, ids);
  const released = await releasedAmong(ctx, user, [...owners.keys()]);
  return new Map([...owners].map(([id, item]) => [id, { item, released: released.has(id) }]));
}
