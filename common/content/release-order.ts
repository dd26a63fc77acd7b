import { queueReleaseDay } from './queue';
import {
  contextOf,
  holdingsByTier,
  holdingsOf,
  isReleasedInTier,
  type Clock,
  type ReleaseContext,
  type ReleaseContent,
  type ReleaseSubscription,
  type ReleaseTier,
} from './release';

/**
 * Release order: a course, and a queue, read in the order they release —
 * the member's release day, then queue position, then the posted (or created) time, then id.
 * 'Lesson 1' comes before 'Lesson 2' whichever was written last.
 */
export type Release = {
  contentId: string;
  /** YYYY-MM-DD in the member's time zone: the day the item released to them. */
  day: string;
  /** 'Day N' of a drip queue, null for dated items and courses. */
  queueDay: number | null;
  /** Place in the tier's queue; items outside the queue sort after it. */
  position: number;
  /** Posted (else created) time in ms, the tie-break among unqueued items. */
  at: number;
};

export type OrderedContent = ReleaseContent & { createdAt?: Date };

const UNQUEUED = Number.MAX_SAFE_INTEGER;
const timeOf = (c: OrderedContent) => c.postedDate?.getTime() ?? c.createdAt?.getTime() ?? 0;
const later = (a: string, b: string) => (a > b ? a : b);

/** When an item released to a member through one subscription; null when it has not (yet). */
export function releaseInTier(
  content: OrderedContent,
  tier: ReleaseTier,
  sub: ReleaseSubscription,
  clock: Clock | ReleaseContext,
): Release | null {
  const context = contextOf(clock);
  if (!isReleasedInTier(content, tier, sub, context)) return null;
  const index = context.position(tier, content.id);
  const position = index >= 0 ? index : UNQUEUED;
  const at = timeOf(content);
  if (tier.releaseAllContent) {
    // a course releases at once on purchase; a lesson added later releases when it was added
    const added = content.postedDate ?? content.createdAt;
    const day = added ? later(sub.startDay, context.dayOf(added)) : sub.startDay;
    return { contentId: content.id, day, queueDay: null, position, at };
  }
  if (index >= 0) {
    const queueDay = queueReleaseDay(index, tier.contentQueueFrequency);
    return { contentId: content.id, day: context.addDays(sub.startDay, queueDay - 1), queueDay, position, at };
  }
  return { contentId: content.id, day: context.dayOf(content.postedDate!), queueDay: null, position, at };
}

/** Total order of releases: day, queue position, time, id. */
export function compareReleases(a: ReleaseKey, b: ReleaseKey): number {
  if (a.day !== b.day) return a.day < b.day ? -1 : 1;
  if (a.position !== b.position) return a.position - b.position;
  if (a.at !== b.at) return a.at - b.at;
  return a.contentId < b.contentId ? -1 : a.contentId > b.contentId ? 1 : 0;
}
export type ReleaseKey = Pick<Release, 'day' | 'position' | 'at' | 'contentId'>;

/**
 * Everything released to a member, each item once (its earliest release when several
 * subscriptions hold it), in release order. Linear in items + queue lengths: each item is checked
 * against the subscriptions of its own tiers, positions come from one map per queue.
 */
export function releaseSchedule(
  contents: readonly OrderedContent[],
  tiers: ReadonlyMap<string, ReleaseTier>,
  subscriptions: readonly ReleaseSubscription[],
  clock: Clock | ReleaseContext,
): Release[] {
  const context = contextOf(clock);
  const byTier = holdingsByTier(tiers, subscriptions);
  const releases: Release[] = [];
  for (const content of contents) {
    let first: Release | null = null;
    for (const { sub, tier } of holdingsOf(content, byTier)) {
      const release = releaseInTier(content, tier, sub, context);
      if (release && (!first || compareReleases(release, first) < 0)) first = release;
    }
    if (first) releases.push(first);
  }
  return releases.sort(compareReleases);
}

/** The facilitator's view of one tier (no subscription): queue order, then posted or created time. */
export function tierOrder(
  contents: readonly OrderedContent[],
  tier: Pick<ReleaseTier, 'contentQueue'>,
): OrderedContent[] {
  const positions = new Map<string, number>();
  tier.contentQueue.forEach((id, index) => {
    if (!positions.has(id)) positions.set(id, index);
  });
  const key = (c: OrderedContent): ReleaseKey => {
    const index = positions.get(c.id) ?? -1;
    return { day: '', position: index >= 0 ? index : UNQUEUED, at: timeOf(c), contentId: c.id };
  };
  return [...contents].sort((a, b) => compareReleases(key(a), key(b)));
}

/** Opaque keyset cursor of a release (the last item of a page). */
export const encodeReleaseCursor = (r: ReleaseKey) => [r.day, r.position, r.at, r.contentId].join('~');

export function decodeReleaseCursor(cursor: string): ReleaseKey | null {
  const [day, position, at, contentId] = cursor.split('~');
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day) || !contentId) return null;
  const key = { day, position: Number(position), at: Number(at), contentId };
  return Number.isSafeInteger(key.position) && Number.isFinite(key.at) ? key : null;
}

/**
 * One keyset page of items in release order: those whose release (`keyOf`) comes after `after`
 * (exclusive), at most `limit`, and the next cursor.
 */
export function releasePage<T>(
  ordered: readonly T[],
  after: ReleaseKey | null,
  limit: number,
  keyOf: (item: T) => ReleaseKey,
) {
  const rest = after ? ordered.filter((r) => compareReleases(keyOf(r), after) > 0) : ordered;
  const items = rest.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rest.length > limit && last ? encodeReleaseCursor(keyOf(last)) : null };
}
