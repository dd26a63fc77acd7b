import { and, eq, inArray, sql } from 'drizzle-orm';
import { engagement } from '../../db/schema';
import type { AppContext } from '../../platform/context';

/**
 * The user's engagement rows, or only those of `contentIds` (a primary-key lookup: GET app/content
 * asks about today's few items, not every item a member of long standing has practised, issue 19 §3).
 */
export const engagementOf = (ctx: AppContext, userId: string, contentIds?: readonly string[]) =>
  contentIds?.length === 0
    ? Promise.resolve([])
    : ctx.db
        .select()
        .from(engagement)
        .where(
          and(eq(engagement.userId, userId), contentIds ? inArray(engagement.contentId, [...contentIds]) : undefined),
        );

/** One atomic upsert per toggle: the first toggle sets the flag, later ones flip it. */
export async function toggleFlag(
  ctx: AppContext,
  userId: string,
  contentId: string,
  flag: 'isComplete' | 'isFavourite',
) {
  const column = flag === 'isComplete' ? engagement.isComplete : engagement.isFavourite;
  const [row] = await ctx.db
    .insert(engagement)
    .values({ userId, contentId, [flag]: true })
    .onConflictDoUpdate({
      target: [engagement.userId, engagement.contentId],
      set: { [flag]: sql`not ${column}`, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

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

export const engagementFor = async (ctx: AppContext, userId: string, contentId: string) =>
  (
    await ctx.db
      .select()
      .from(engagement)
      .where(and(eq(engagement.userId, userId), eq(engagement.contentId, contentId)))
  )[0];
