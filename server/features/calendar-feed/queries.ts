import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type CalendarFeed, calendarFeeds, users } from '../../db/schema';

/** My feed, if it is on. */
export const findFeedOf = async (db: Executor, userId: string): Promise<CalendarFeed | undefined> =>
  (await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1))[0];

/** The feed a token's hash opens, with its owner's id, if any. */
export const findFeedByTokenHash = async (db: Executor, tokenHash: string) =>
  (
    await db
      .select({ userId: calendarFeeds.userId, createdAt: calendarFeeds.createdAt })
      .from(calendarFeeds)
      .innerJoin(users, eq(users.id, calendarFeeds.userId))
      .where(eq(calendarFeeds.tokenHash, tokenHash))
      .limit(1)
  )[0];
