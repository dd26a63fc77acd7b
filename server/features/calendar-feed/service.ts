import { eq, sql } from 'drizzle-orm';
import { FEED_FUTURE_DAYS, FEED_MAX_EVENTS, FEED_PAST_DAYS, feedTokenOf } from '../../../common/calendar-feed/schemas';
import { calendarFeeds, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Limit } from '../../platform/rate-limit';
import { randomToken, sealSecret, sha256 } from '../../platform/secrets';
import { loadBrand } from '../site/brand';
import { feedIcs } from './feed-ics';
import { feedSessionsOf } from './feed-sessions';
import { presentCalendarFeed, presentFeedEvents } from './presenter';
import { findFeedByTokenHash, findFeedOf } from './queries';

/**
 * Feed reads per IP: a calendar service polls every subscription of its users from a few
 * addresses, so this is generous; it stops a client from hammering the database.
 */
export const FEED_READS_PER_IP: Limit = { max: 600, windowSeconds: 10 * 60 };
/** Reads of one feed: a few calendar apps polling hourly stay far below it. */
export const FEED_READS_PER_FEED: Limit = { max: 120, windowSeconds: 60 * 60 };

const DAY_MS = 86_400_000;

/** GET app/calendar-feed: my feed's address, or that it is off. */
export async function myCalendarFeed(ctx: AppContext, user: Pick<User, 'id'>) {
  return presentCalendarFeed(await findFeedOf(ctx.db, user.id), ctx.config);
}

/**
 * POST app/calendar-feed: turns my feed on with a new address, or gives it a new one; the old
 * address stops working at once (one row per account, its token replaced in one statement).
 */
export async function issueCalendarFeed(ctx: AppContext, user: Pick<User, 'id'>) {
  const token = randomToken();
  const values = {
    tokenHash: sha256(token),
    tokenSealed: sealSecret(ctx.config.appSecret, token),
    createdAt: sql`now()`,
  };
  const [feed] = await ctx.db
    .insert(calendarFeeds)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: values })
    .returning();
  return presentCalendarFeed(feed, ctx.config);
}

/** DELETE app/calendar-feed: turns my feed off; its address answers 404 from now on. */
export async function turnOffCalendarFeed(ctx: AppContext, user: Pick<User, 'id'>) {
  await ctx.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
  return presentCalendarFeed(undefined, ctx.config);
}

/**
 * The feed a public address names (`<token>.ics`), if it names one: counted per IP first, so
 * guessing costs the guesser, then per feed.
 */
export async function feedAt(ctx: AppContext, file: string, ip: string) {
  await ctx.limiter.hit(`calendar-feed:ip:${ip}`, FEED_READS_PER_IP);
  const token = feedTokenOf(file);
  const feed = token ? await findFeedByTokenHash(ctx.db, sha256(token)) : undefined;
  if (feed) await ctx.limiter.hit(`calendar-feed:feed:${feed.userId}`, FEED_READS_PER_FEED);
  return feed;
}

/**
 * The feed's file: the owner's sessions from 30 days ago to a year ahead (the cancelled ones
 * too), its entity tag (a hash of the file, so any change makes a new one) and when it last
 * changed.
 */
export async function calendarFeedFile(ctx: AppContext, feed: { userId: string; createdAt: Date }, now = new Date()) {
  const rows = await feedSessionsOf(ctx.db, feed.userId, {
    from: new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS),
    to: new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS),
    limit: FEED_MAX_EVENTS,
  });
  const brand = await loadBrand(ctx.db);
  const ics = feedIcs({
    name: `${brand.siteName} sessions`,
    publicUrl: ctx.config.publicUrl,
    events: presentFeedEvents(feed.userId, rows, ctx.config.publicUrl),
  });
  const lastModified = rows.reduce(
    (latest, row) => Math.max(latest, row.modifiedAt.getTime()),
    feed.createdAt.getTime(),
  );
  return { ics, etag: `"${sha256(ics).slice(0, 27)}"`, lastModified: new Date(lastModified) };
}
