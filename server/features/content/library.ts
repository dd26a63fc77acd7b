import { type AnyColumn, and, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { compareReleases, releaseSchedule, type Release } from '../../../common/content/release-order';
import {
  practicesForToday,
  releaseContext,
  subscriptionDay,
  type Clock,
  type ReleaseSubscription,
  type ReleaseTier,
} from '../../../common/content/release';
import { localDay } from '../../../common/time';
import { type Executor, selectRows } from '../../db/client';
import {
  content,
  contentTiers,
  sessionBookings,
  sessionRecordings,
  sessions,
  subscriptions,
  tiers as tiersTable,
  type Tier,
  type User,
} from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { entitledSql } from '../subscriptions/entitlement';
import { canViewContent } from './policy';
import type { ContentWithRefs } from './presenter';
import { selectContent } from './queries';

const toReleaseTier = (t: Holding['tier']): ReleaseTier => ({
  id: t.id,
  releaseAllContent: t.releaseAllContent,
  contentQueue: t.contentQueue,
  contentQueueFrequency: t.contentQueueFrequency,
});

/** What the release engine reads of an item: its id, dates and tiers (a full row fits too). */
export type ReleaseFacts = {
  content: { id: string; postedDate: Date | null; createdAt: Date };
  tierIds: string[];
};
export type Released<T extends ReleaseFacts = ReleaseFacts> = T & { release: Release };
export type ReleasedContent = Released<ContentWithRefs>;
type Holding = {
  tier: Pick<Tier, 'id' | 'releaseAllContent' | 'contentQueue' | 'contentQueueFrequency'>;
  subscription: { startDate: string };
};

/**
 * The release facts of the content in `tierIds`, one narrow row per item (the
 * engine needs no titles, texts or authors). `tierIds` of a row lists only the asked tiers the
 * item is in. The items come from content_tiers' tier index, then each item's dates by primary
 * key, one lookup per item (a lateral subquery, `offset 0` keeping it one): the read grows with
 * the member's library, not with the site's content. Joined plainly, PostgreSQL hashed the whole
 * content table for a library of 4,100 items among 104,100 (24 ms, against 8 ms).
 */
async function releaseFactsOf(db: Executor, tierIds: string[], only?: SQL): Promise<ReleaseFacts[]> {
  if (tierIds.length === 0) return [];
  // the dates as whole milliseconds since 1970 (a Date's own value) and the tiers as one text:
  // a number and a split read faster than a timestamp's text and an array's, thousands of times a request
  // (cut to the millisecond first, as a Date holds it: before PostgreSQL 14 extract answers a float8,
  // and a whole millisecond could come out as …122.9999)
  const epochMs = (column: AnyColumn) =>
    sql`round(extract(epoch from date_trunc('milliseconds', ${column})) * 1000)::float8`;
  const rows = await selectRows<{ id: string; posted: number | null; created: number; tier_ids: string }>(
    db,
    sql`select c.id, c.posted, c.created, t.tier_ids
      from (select ${contentTiers.contentId} as content_id, string_agg(${contentTiers.tierId}::text, ',') as tier_ids
        from ${contentTiers} where ${and(inArray(contentTiers.tierId, tierIds), only)} group by 1) t
      cross join lateral (select ${content.id} as id, ${epochMs(content.postedDate)} as posted,
          ${epochMs(content.createdAt)} as created
        from ${content} where ${content.id} = t.content_id offset 0) c`,
  );
  return rows.map((r) => ({
    content: { id: r.id, postedDate: r.posted === null ? null : new Date(r.posted), createdAt: new Date(r.created) },
    tierIds: r.tier_ids.split(','),
  }));
}

/**
 * What a member can see right now: their active subscriptions, the release facts of those tiers'
 * content, and which of it the release engine (common/content/release.ts) has released to them,
 * in release order (common/content/release-order.ts). Two queries whatever the size of the
 * library; `withContent` loads the full rows of the few items an answer shows.
 */
export async function memberLibrary(ctx: AppContext, member: User, now = new Date()) {
  const [subs, grants] = await Promise.all([libraryHoldings(ctx.db, member.id), recordingGrants(ctx.db, member.id)]);
  const items = await releaseFactsOf(ctx.db, [...new Set(subs.map((s) => s.tier.id))]);
  const library = libraryOf(subs, items, { now, timeZone: member.timeZone });
  return { subscriptions: subs, ...library, released: withRecordings(library.released, grants, member.timeZone) };
}

/**
 * The second way an item reaches a member, besides its release: it is the recording of a session
 * (session_recordings) and the member holds a booked place in that session, or in any occurrence
 * of its series when the recording is shared with the series, or an active subscription to the
 * tier it is shared with. The one statement that decides it, for the library and for every access
 * check (releasedAmong); each branch starts from the member's own rows (bookings, subscriptions)
 * and their indexes, so it grows with the member's bookings, not with the site's recordings.
 * `itemIds` narrows it to those items. Each item comes once, with the earliest session's start.
 */
async function recordingGrants(
  db: Executor,
  memberId: string,
  itemIds?: readonly string[],
): Promise<{ contentId: string; start: Date }[]> {
  const only = itemIds
    ? sql`and r.content_id in (${sql.join(
        itemIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const rows = await selectRows<{ content_id: string; start: Date | string }>(
    db,
    sql`select g.content_id, min(g.start) as start from (
        select r.content_id, s.start_time as start
          from ${sessionBookings} b
          join ${sessionRecordings} r on r.session_id = b.session_id
          join ${sessions} s on s.id = r.session_id
          where b.member_id = ${memberId} and b.status = 'booked' and r.content_id is not null ${only}
        union all
        select r.content_id, s.start_time
          from ${sessionBookings} b
          join ${sessions} o on o.id = b.session_id
          join ${sessions} s on s.series_id = o.series_id
          join ${sessionRecordings} r on r.session_id = s.id and r.series_audience
          where b.member_id = ${memberId} and b.status = 'booked' and o.series_id is not null
            and r.content_id is not null ${only}
        union all
        select r.content_id, s.start_time
          from ${subscriptions}
          join ${sessionRecordings} r on r.tier_id = ${subscriptions.tierId}
          join ${sessions} s on s.id = r.session_id
          where ${heldBy(memberId)} and r.content_id is not null ${only}
      ) g group by g.content_id`,
  );
  return rows.map((r) => ({ contentId: r.content_id, start: new Date(r.start) }));
}

/**
 * The library with the recordings granted to the member that it lacks, each released on its
 * session's day (in the member's zone), after that day's queue items; all in release order.
 */
function withRecordings(
  released: readonly Released[],
  grants: readonly { contentId: string; start: Date }[],
  timeZone: string,
): Released[] {
  const have = new Set(released.map((r) => r.content.id));
  const extra = grants
    .filter((g) => !have.has(g.contentId))
    .map(
      (g): Released => ({
        content: { id: g.contentId, postedDate: null, createdAt: g.start },
        tierIds: [],
        release: {
          contentId: g.contentId,
          day: localDay(g.start, timeZone),
          queueDay: null,
          position: Number.MAX_SAFE_INTEGER,
          at: g.start.getTime(),
        },
      }),
    );
  return extra.length === 0
    ? [...released]
    : [...released, ...extra].sort((a, b) => compareReleases(a.release, b.release));
}

/** The member's active subscriptions: the one rule every reader of holdings here asks with. */
const heldBy = (memberId: string) => and(eq(subscriptions.userId, memberId), entitledSql());

/**
 * A member's active subscriptions as the release engine reads them: each start day and its tier's
 * release settings. The queues come as one text each, split here: parsed as uuid[] by
 * postgres-array, 20 queues of 200 ids were a large part of a history page's Node time
 * (scripts/bench-content.ts profiles it).
 */
async function libraryHoldings(db: Executor, memberId: string): Promise<Holding[]> {
  const rows = await db
    .select({
      startDate: subscriptions.startDate,
      id: tiersTable.id,
      releaseAllContent: tiersTable.releaseAllContent,
      contentQueueFrequency: tiersTable.contentQueueFrequency,
      // a uuid holds no comma; a null would keep its place as '' (it matches no item)
      queue: sql<string>`array_to_string(${tiersTable.contentQueue}, ',', '')`,
    })
    .from(subscriptions)
    .innerJoin(tiersTable, eq(tiersTable.id, subscriptions.tierId))
    .where(heldBy(memberId));
  return rows.map(({ startDate, queue, ...tier }) => ({
    subscription: { startDate },
    tier: { ...tier, contentQueue: queue === '' ? [] : queue.split(',') },
  }));
}

/**
 * Today's practices only (GET app/content), as memberLibrary's `today`: the candidates are the
 * queue item each subscription is at today and the items posted in the last two days (a local
 * 'today' starts less than 27 hours ago in any zone); the release engine then decides among those
 * few, so the answer costs the same for 20 or 20,000 items. Whole queues are never read (20
 * queues of 200 ids were most of a request's work, as scripts/bench-content.ts measures): the
 * database answers today's queue item of each subscription and each candidate's place in its
 * tiers' queues, and the engine gets those places as an excerpt of each queue (queueExcerpts).
 */
export async function memberToday(ctx: AppContext, member: User, now = new Date()) {
  const clock = { now, timeZone: member.timeZone };
  const { today } = releaseContext(clock);
  const subs = await todaysHoldings(ctx.db, member.id, today);
  const queued = subs.flatMap((s) => (s.queued === null ? [] : [s.queued]));
  const candidates = await candidatesOf(
    ctx.db,
    [...new Set(subs.map((s) => s.tier.id))],
    queued,
    new Date(now.getTime() - 2 * 86_400_000),
  );
  const queues = queueExcerpts(subs, candidates, today);
  const holdings = subs.map((s) => ({ ...s, tier: { ...s.tier, contentQueue: queues.get(s.tier.id) ?? [] } }));
  return libraryOf(holdings, candidates, clock).today;
}

/**
 * A member's active subscriptions with their tier's release settings and, instead of the whole
 * queue, the id today's window holds (practicesForToday's rule: day 1 is the start date, a window
 * spans `frequency` days; none before the start, for courses, or past the end of the queue).
 */
const todaysHoldings = (db: Executor, memberId: string, today: string) => {
  const daysIn = sql`(${today}::date - ${subscriptions.startDate})`;
  return db
    .select({
      subscription: { startDate: subscriptions.startDate },
      tier: {
        id: tiersTable.id,
        releaseAllContent: tiersTable.releaseAllContent,
        contentQueueFrequency: tiersTable.contentQueueFrequency,
      },
      queued: sql<string | null>`case when not ${tiersTable.releaseAllContent} and ${daysIn} >= 0
        then (${tiersTable.contentQueue})[${daysIn} / nullif(${tiersTable.contentQueueFrequency}, 0) + 1]::text end`,
    })
    .from(subscriptions)
    .innerJoin(tiersTable, eq(tiersTable.id, subscriptions.tierId))
    .where(heldBy(memberId));
};
type TodaysHolding = Awaited<ReturnType<typeof todaysHoldings>>[number];

type Candidate = ReleaseFacts & { queuePlaces: number[] };

/**
 * releaseFactsOf, with each item's first place (from 0, -1: not queued) in each of `tierIds` it is in,
 * of the items in `queued` or posted after `since`. Those are picked from `content` alone, in a
 * subquery: the queued by primary key, the recent by content_posted_date_idx (asked on the join,
 * PostgreSQL read every row of `content`: 86-113 ms beside 200k other items, scripts/bench-content.ts).
 */
async function candidatesOf(db: Executor, tierIds: string[], queued: string[], since: Date): Promise<Candidate[]> {
  if (tierIds.length === 0) return [];
  const picked = alias(content, 'picked');
  const recent = gt(picked.postedDate, sql`${since.toISOString()}::timestamptz`);
  const chosen = db
    .select({ id: picked.id })
    .from(picked)
    .where(queued.length ? or(inArray(picked.id, queued), recent) : recent);
  const rows = await db
    .select({
      id: content.id,
      postedDate: content.postedDate,
      createdAt: content.createdAt,
      tierIds: sql<string[]>`array_agg(${contentTiers.tierId}::text order by ${contentTiers.tierId})`,
      queuePlaces: sql<number[]>`array_agg(coalesce(array_position(${tiersTable.contentQueue}, ${content.id}), 0) - 1
        order by ${contentTiers.tierId})`,
    })
    .from(contentTiers)
    .innerJoin(content, eq(content.id, contentTiers.contentId))
    .innerJoin(tiersTable, eq(tiersTable.id, contentTiers.tierId))
    .where(and(inArray(contentTiers.tierId, tierIds), inArray(contentTiers.contentId, chosen)))
    .groupBy(content.id);
  return rows.map(({ tierIds: ids, queuePlaces, ...c }) => ({ content: c, tierIds: ids, queuePlaces }));
}

/**
 * Each tier's queue as far as the engine will read it for these candidates: a sparse array holding
 * each candidate at its first place and today's item at today's place, holes elsewhere. The
 * engine reads a queue only by the places of the items it is given (releaseContext's position map
 * skips holes) and today's place, so it decides exactly as with the whole queue.
 */
function queueExcerpts(
  subs: readonly TodaysHolding[],
  candidates: readonly Candidate[],
  today: string,
): Map<string, string[]> {
  const queues = new Map<string, string[]>();
  const queueOf = (tierId: string) => {
    const queue = queues.get(tierId) ?? [];
    queues.set(tierId, queue);
    return queue;
  };
  for (const c of candidates) {
    c.tierIds.forEach((tierId, i) => {
      const place = c.queuePlaces[i] ?? -1;
      if (place >= 0) queueOf(tierId)[place] = c.content.id;
    });
  }
  for (const { tier, subscription, queued } of subs) {
    if (queued === null) continue;
    const day = subscriptionDay(subscription.startDate, today);
    queueOf(tier.id)[Math.floor((day - 1) / tier.contentQueueFrequency)] = queued;
  }
  return queues;
}

/** The full rows (title, tiers, author) of released items, in the order given. */
export async function withContent(ctx: AppContext, released: readonly Released[]): Promise<ReleasedContent[]> {
  if (released.length === 0) return [];
  const rows = await selectContent(
    ctx.db,
    inArray(
      content.id,
      released.map((r) => r.content.id),
    ),
  );
  const byId = new Map(rows.map((r) => [r.content.id, r]));
  return released.flatMap((r) => {
    const row = byId.get(r.content.id);
    return row ? [{ ...row, release: r.release }] : [];
  });
}

/**
 * The part of memberLibrary without queries: from one member's active subscriptions and content
 * of tiers (others' tiers' content is ignored), what is released to them by `clock`, and today's
 * practices in release order. The batch of 'Your practice for today' mails shares it.
 */
export function libraryOf<T extends ReleaseFacts>(subs: readonly Holding[], content: readonly T[], clock: Clock) {
  const tiers = new Map(subs.map((s) => [s.tier.id, toReleaseTier(s.tier)]));
  const subscriptions: ReleaseSubscription[] = subs.map((s) => ({
    tierId: s.tier.id,
    startDay: s.subscription.startDate,
  }));
  const items = content.filter((i) => i.tierIds.some((t) => tiers.has(t)));
  const releaseItems = items.map((i) => ({
    id: i.content.id,
    tiers: i.tierIds,
    postedDate: i.content.postedDate,
    createdAt: i.content.createdAt,
  }));
  const context = releaseContext(clock);
  const byId = new Map(items.map((i) => [i.content.id, i]));
  // Object.assign, not `{ ...item, release }`: V8 builds a spread plus a key several times slower
  // (measured with scripts/bench-content.ts), and this runs once per item of the library
  const released: Released<T>[] = releaseSchedule(releaseItems, tiers, subscriptions, context).map((release) =>
    Object.assign({}, byId.get(release.contentId)!, { release }),
  );
  const order = new Map(released.map((r, index) => [r.content.id, index]));
  const todayIds = practicesForToday(releaseItems, tiers, subscriptions, context);
  return {
    released,
    // today's practices read in release order too (a course posted today: Lesson 1 first)
    today: todayIds
      .sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity))
      .map((id) => released[order.get(id) ?? -1])
      .filter((i): i is Released<T> => i !== undefined),
  };
}

/**
 * Whether the release engine has released the item to the member now (the fact content/policy.ts
 * needs). Asks only about that item: the member's active subscriptions to the tiers holding it,
 * and its release facts in those tiers (two small indexed queries, not the whole library).
 */
export async function isReleasedTo(ctx: AppContext, member: User, itemId: string, now = new Date()) {
  return (await releasedAmong(ctx, member, [itemId], now)).has(itemId);
}

/**
 * Which of these items are the member's now: released by the release engine (the member's active
 * subscriptions to the tiers holding any of them, and their release facts in those tiers), or
 * granted as the recording of a session they booked (recordingGrants). Three queries whatever
 * the number of items; every access check (canSeeContent, media, practice, offline) comes here.
 */
export async function releasedAmong(
  ctx: AppContext,
  member: User,
  itemIds: readonly string[],
  now = new Date(),
): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const [released, granted] = await Promise.all([
    releasedByTiers(ctx, member, itemIds, now),
    recordingGrants(ctx.db, member.id, itemIds),
  ]);
  for (const g of granted) released.add(g.contentId);
  return released;
}

/** releasedAmong's first half: what the release engine has released of these items to the member. */
async function releasedByTiers(
  ctx: AppContext,
  member: User,
  itemIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  const subs = await ctx.db
    .select({ subscription: subscriptions, tier: tiersTable })
    .from(subscriptions)
    .innerJoin(tiersTable, eq(tiersTable.id, subscriptions.tierId))
    .where(
      and(
        heldBy(member.id),
        inArray(
          subscriptions.tierId,
          ctx.db
            .select({ id: contentTiers.tierId })
            .from(contentTiers)
            .where(inArray(contentTiers.contentId, [...itemIds])),
        ),
      ),
    );
  if (subs.length === 0) return new Set();
  const items = await releaseFactsOf(
    ctx.db,
    [...new Set(subs.map((s) => s.tier.id))],
    inArray(contentTiers.contentId, [...itemIds]),
  );
  const asked = new Set(itemIds);
  const { released } = libraryOf(subs, items, { now, timeZone: member.timeZone });
  return new Set(released.map((r) => r.content.id).filter((id) => asked.has(id)));
}

/**
 * Whether `user` may see the item (content/policy.ts canViewContent): loads the one fact the rule
 * needs, and only when the owner-or-admin part has not decided it already.
 */
export async function canSeeContent(ctx: AppContext, user: User, item: { id: string; userId: string }) {
  if (canViewContent(user, item, { released: false })) return true;
  return canViewContent(user, item, { released: await isReleasedTo(ctx, user, item.id) });
}
