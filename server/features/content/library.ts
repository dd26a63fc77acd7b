import { and, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import { releaseSchedule, type Release } from '../../../common/content/release-order';
import {
  practicesForToday,
  releaseContext,
  subscriptionDay,
  type Clock,
  type ReleaseSubscription,
  type ReleaseTier,
} from '../../../common/content/release';
import type { Executor } from '../../db/client';
import { content, contentTiers, subscriptions, tiers as tiersTable, type Tier, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { activeSubscriptionsOf, isActiveSql } from '../subscriptions/service';
import { canViewContent } from './policy';
import type { ContentWithRefs } from './presenter';
import { selectContent } from './queries';

const toReleaseTier = (t: Tier): ReleaseTier => ({
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
type Holding = { tier: Tier; subscription: { startDate: string } };

/**
 * The release facts of the content in `tierIds`, one narrow row per item (issue 19 §3: the
 * engine needs no titles, texts or authors, so 4,000 items cost one small index scan). `tierIds`
 * of a row lists only the asked tiers the item is in.
 */
async function releaseFactsOf(db: Executor, tierIds: string[], only?: SQL): Promise<ReleaseFacts[]> {
  if (tierIds.length === 0) return [];
  const rows = await db
    .select({
      id: content.id,
      postedDate: content.postedDate,
      createdAt: content.createdAt,
      tierIds: sql<string[]>`array_agg(${contentTiers.tierId}::text)`,
    })
    .from(contentTiers)
    .innerJoin(content, eq(content.id, contentTiers.contentId))
    .where(and(inArray(contentTiers.tierId, tierIds), only))
    .groupBy(content.id);
  return rows.map(({ tierIds: ids, ...c }) => ({ content: c, tierIds: ids }));
}

/**
 * What a member can see right now: their active subscriptions, the release facts of those tiers'
 * content, and which of it the release engine (common/content/release.ts) has released to them,
 * in release order (common/content/release-order.ts). Two queries whatever the size of the
 * library; `withContent` loads the full rows of the few items an answer shows.
 */
export async function memberLibrary(ctx: AppContext, member: User, now = new Date()) {
  const subs = await activeSubscriptionsOf(ctx, member.id);
  const items = await releaseFactsOf(ctx.db, [...new Set(subs.map((s) => s.tier.id))]);
  return { subscriptions: subs, ...libraryOf(subs, items, { now, timeZone: member.timeZone }) };
}

/**
 * Today's practices only (GET app/content), as memberLibrary's `today`: the candidates are the
 * queue item each subscription is at today (read from the tier's queue) and the items posted in
 * the last two days (a local 'today' starts less than 27 hours ago in any zone); the release
 * engine then decides among those few, so the answer costs the same for 20 or 20,000 items.
 */
export async function memberToday(ctx: AppContext, member: User, now = new Date()) {
  const subs = await activeSubscriptionsOf(ctx, member.id);
  const clock = { now, timeZone: member.timeZone };
  const { today } = releaseContext(clock);
  const queued = subs.flatMap(({ tier, subscription }) => {
    const day = subscriptionDay(subscription.startDate, today);
    if (tier.releaseAllContent || day < 1) return [];
    const id = tier.contentQueue[Math.floor((day - 1) / tier.contentQueueFrequency)];
    return id === undefined ? [] : [id];
  });
  const recent = gt(content.postedDate, sql`${new Date(now.getTime() - 2 * 86_400_000).toISOString()}::timestamptz`);
  const items = await releaseFactsOf(
    ctx.db,
    [...new Set(subs.map((s) => s.tier.id))],
    queued.length ? or(inArray(contentTiers.contentId, queued), recent) : recent,
  );
  return libraryOf(subs, items, clock).today;
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
  const released: Released<T>[] = releaseSchedule(releaseItems, tiers, subscriptions, context).map((release) => ({
    ...byId.get(release.contentId)!,
    release,
  }));
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
  const subs = await ctx.db
    .select({ subscription: subscriptions, tier: tiersTable })
    .from(subscriptions)
    .innerJoin(tiersTable, eq(tiersTable.id, subscriptions.tierId))
    .where(
      and(
        eq(subscriptions.userId, member.id),
        isActiveSql(),
        inArray(
          subscriptions.tierId,
          ctx.db.select({ id: contentTiers.tierId }).from(contentTiers).where(eq(contentTiers.contentId, itemId)),
        ),
      ),
    );
  if (subs.length === 0) return false;
  const items = await releaseFactsOf(
    ctx.db,
    [...new Set(subs.map((s) => s.tier.id))],
    eq(contentTiers.contentId, itemId),
  );
  const { released } = libraryOf(subs, items, { now, timeZone: member.timeZone });
  return released.some((r) => r.content.id === itemId);
}

/**
 * DESIGN.md §5 Access (content/policy.ts canViewContent): loads the one fact the rule needs, and
 * only when the owner-or-admin part has not decided it already.
 */
export async function canSeeContent(ctx: AppContext, user: User, item: { id: string; userId: string }) {
  if (canViewContent(user, item, { released: false })) return true;
  return canViewContent(user, item, { released: await isReleasedTo(ctx, user, item.id) });
}
