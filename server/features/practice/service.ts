import { sql } from 'drizzle-orm';
import { engagement, journalEntries } from '../../db/schema';
import type { AppContext } from '../../platform/context';

/** The member's practice records, written: engagement (done, favourite, time) and journal entries. */

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
