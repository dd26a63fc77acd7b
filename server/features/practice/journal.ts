import { and, desc, eq } from 'drizzle-orm';
import { journalEntries } from '../../db/schema';
import type { AppContext } from '../../platform/context';

/** A member's journal entry on an item they may practise. */
export async function writeJournalEntry(ctx: AppContext, userId: string, contentId: string, text: string) {
  const [entry] = await ctx.db.insert(journalEntries).values({ userId, contentId, text }).returning();
  return entry!;
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
