import { addDays, daysBetween, localDay } from '../time';
import { queueReleaseDay } from './queue';

/**
 * The release engine: who sees which content when. Pure functions over plain
 * values, shared by the server (entitlement, lists) and tests.
 *
 * - A queue item at position p releases to a subscriber on day p * frequency + 1 of the
 *   subscription, day 1 being its start date in the member's time zone. Positions are read from
 *   the queue as it is now: reordering changes which item a position holds, never how many
 *   positions a member has unlocked.
 * - Tiers with releaseAllContent (courses) release everything at once.
 * - Scheduled content releases at its postedDate; post-now content got postedDate on save.
 * - Content of a tier that is neither queued nor dated is a draft: released to no one.
 */
export type ReleaseTier = {
  id: string;
  releaseAllContent: boolean;
  contentQueue: readonly string[];
  contentQueueFrequency: number;
};
export type ReleaseContent = { id: string; tiers: readonly string[]; postedDate: Date | null };
export type ReleaseSubscription = { tierId: string; startDay: string };
export type Clock = { now: Date; timeZone: string };

/** Day N of a subscription (1 on its start day); 0 or less before it starts. */
export const subscriptionDay = (startDay: string, today: string) => daysBetween(startDay, today) + 1;

/**
 * What one request's clock and tiers come to, worked out once (scripts/bench-content.ts measures
 * a request at 20 plans x 200 items): today in the
 * member's zone, each tier's queue positions by id (a map, not `indexOf` per item), the local
 * day of each instant asked about, and calendar-day arithmetic per start day and distinct day, not
 * per item. Build one per request and pass it instead of the clock.
 */
export type ReleaseContext = {
  clock: Clock;
  /** YYYY-MM-DD in the member's zone. */
  today: string;
  /** Place of `contentId` in the tier's queue (its first place), -1 when not queued. */
  position: (tier: ReleaseTier, contentId: string) => number;
  /** localDay of an instant in the member's zone. */
  dayOf: (at: Date) => string;
  /** subscriptionDay(startDay, today), worked out once per start day. */
  dayOfSubscription: (startDay: string) => number;
  /** addDays(day, days), each distinct answer formatted once. */
  addDays: (day: string, days: number) => string;
};

const EPOCH_DAY = '1970-01-01';

/** `compute` with each distinct argument's answer kept (for one request's context). */
function memoized<K, V>(compute: (key: K) => V): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    if (known.has(key)) return known.get(key) as V;
    const value = compute(key);
    known.set(key, value);
    return value;
  };
}

export function releaseContext(clock: Clock): ReleaseContext {
  const today = localDay(clock.now, clock.timeZone);
  const positionsIn = memoized((queue: readonly string[]) => {
    const byId = new Map<string, number>();
    queue.forEach((id, index) => {
      if (!byId.has(id)) byId.set(id, index);
    });
    return byId;
  });
  const dayAt = memoized((time: number) => localDay(new Date(time), clock.timeZone));
  // calendar days as numbers (days since EPOCH_DAY): parsed and formatted once each
  const dayNumber = memoized((day: string) => daysBetween(EPOCH_DAY, day));
  const dayLabel = memoized((n: number) => addDays(EPOCH_DAY, n));
  return {
    clock,
    today,
    position: (tier, contentId) => positionsIn(tier.contentQueue).get(contentId) ?? -1,
    dayOf: (at) => dayAt(at.getTime()),
    dayOfSubscription: memoized((startDay: string) => subscriptionDay(startDay, today)),
    addDays: (day, count) => dayLabel(dayNumber(day) + count),
  };
}

/** A context from a clock, or the one the caller already built. */
export const contextOf = (clock: Clock | ReleaseContext): ReleaseContext =>
  'today' in clock ? clock : releaseContext(clock);

export function isReleasedInTier(
  content: ReleaseContent,
  tier: ReleaseTier,
  sub: ReleaseSubscription,
  clock: Clock | ReleaseContext,
): boolean {
  if (sub.tierId !== tier.id || !content.tiers.includes(tier.id)) return false;
  if (tier.releaseAllContent) return true;
  const context = contextOf(clock);
  const position = context.position(tier, content.id);
  if (position >= 0) {
    const day = context.dayOfSubscription(sub.startDay);
    return day >= queueReleaseDay(position, tier.contentQueueFrequency);
  }
  return content.postedDate !== null && content.postedDate.getTime() <= context.clock.now.getTime();
}

export type Holding = { sub: ReleaseSubscription; tier: ReleaseTier; index: number };

/**
 * For each tier id, the member's subscriptions to it (with their tier and place in the list), so
 * an item is checked against the subscriptions of its own tiers only, not against every one.
 */
export function holdingsByTier(
  tiers: ReadonlyMap<string, ReleaseTier>,
  subscriptions: readonly ReleaseSubscription[],
): Map<string, Holding[]> {
  const byTier = new Map<string, Holding[]>();
  subscriptions.forEach((sub, index) => {
    const tier = tiers.get(sub.tierId);
    if (!tier) return;
    const list = byTier.get(sub.tierId);
    if (list) list.push({ sub, tier, index });
    else byTier.set(sub.tierId, [{ sub, tier, index }]);
  });
  return byTier;
}

/** The holdings an item can be released through, in the order of the member's subscriptions. */
export function holdingsOf(content: ReleaseContent, byTier: ReadonlyMap<string, Holding[]>): Holding[] {
  if (content.tiers.length === 1) return byTier.get(content.tiers[0]!) ?? [];
  const found = [...new Set(content.tiers)].flatMap((t) => byTier.get(t) ?? []);
  return found.sort((a, b) => a.index - b.index);
}

/** Ids of all content released to a member through any of their active subscriptions. */
export function releasedContentIds(
  contents: readonly ReleaseContent[],
  tiers: ReadonlyMap<string, ReleaseTier>,
  subscriptions: readonly ReleaseSubscription[],
  clock: Clock | ReleaseContext,
): Set<string> {
  const context = contextOf(clock);
  const byTier = holdingsByTier(tiers, subscriptions);
  const released = new Set<string>();
  for (const content of contents) {
    if (holdingsOf(content, byTier).some(({ sub, tier }) => isReleasedInTier(content, tier, sub, context))) {
      released.add(content.id);
    }
  }
  return released;
}

/**
 * "Practices for today": for each active subscription, the queue item whose release window
 * contains today (a window spans `frequency` days), plus tier content dated today.
 */
export function practicesForToday(
  contents: readonly ReleaseContent[],
  tiers: ReadonlyMap<string, ReleaseTier>,
  subscriptions: readonly ReleaseSubscription[],
  clock: Clock | ReleaseContext,
): string[] {
  const context = contextOf(clock);
  const { today } = context;
  const now = context.clock.now.getTime();
  const ids: string[] = [];
  const seen = new Set<string>();
  const add = (id: string) => {
    if (!seen.has(id)) {
      seen.add(id);
      ids.push(id);
    }
  };
  const byTier = new Map<string, ReleaseContent[]>();
  for (const content of contents) {
    for (const tierId of new Set(content.tiers)) {
      const list = byTier.get(tierId);
      if (list) list.push(content);
      else byTier.set(tierId, [content]);
    }
  }
  for (const sub of subscriptions) {
    const tier = tiers.get(sub.tierId);
    if (!tier) continue;
    const day = context.dayOfSubscription(sub.startDay);
    if (!tier.releaseAllContent && day >= 1) {
      const position = Math.floor((day - 1) / tier.contentQueueFrequency);
      const queued = tier.contentQueue[position];
      if (queued !== undefined) add(queued);
    }
    for (const content of byTier.get(tier.id) ?? []) {
      if (
        content.postedDate !== null &&
        content.postedDate.getTime() <= now &&
        context.position(tier, content.id) < 0 &&
        context.dayOf(content.postedDate) === today
      ) {
        add(content.id);
      }
    }
  }
  return ids;
}
