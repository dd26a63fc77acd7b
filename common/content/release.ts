import { daysBetween, localDay } from '../time';
import { queueReleaseDay } from './queue';

/**
 * The release engine (DESIGN.md §5): who sees which content when. Pure functions over plain
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

export function isReleasedInTier(
  content: ReleaseContent,
  tier: ReleaseTier,
  sub: ReleaseSubscription,
  clock: Clock,
): boolean {
  if (sub.tierId !== tier.id || !content.tiers.includes(tier.id)) return false;
  if (tier.releaseAllContent) return true;
  const position = tier.contentQueue.indexOf(content.id);
  if (position >= 0) {
    const day = subscriptionDay(sub.startDay, localDay(clock.now, clock.timeZone));
    return day >= queueReleaseDay(position, tier.contentQueueFrequency);
  }
  return content.postedDate !== null && content.postedDate.getTime() <= clock.now.getTime();
}

/** Ids of all content released to a member through any of their active subscriptions. */
export function releasedContentIds(
  contents: readonly ReleaseContent[],
  tiers: ReadonlyMap<string, ReleaseTier>,
  subscriptions: readonly ReleaseSubscription[],
  clock: Clock,
): Set<string> {
  const released = new Set<string>();
  for (const content of contents) {
    for (const sub of subscriptions) {
      const tier = tiers.get(sub.tierId);
      if (tier && isReleasedInTier(content, tier, sub, clock)) {
        released.add(content.id);
        break;
      }
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
  clock: Clock,
): string[] {
  const today = localDay(clock.now, clock.timeZone);
  const ids: string[] = [];
  const add = (id: string) => !ids.includes(id) && ids.push(id);
  for (const sub of subscriptions) {
    const tier = tiers.get(sub.tierId);
    if (!tier) continue;
    const day = subscriptionDay(sub.startDay, today);
    if (!tier.releaseAllContent && day >= 1) {
      const position = Math.floor((day - 1) / tier.contentQueueFrequency);
      const queued = tier.contentQueue[position];
      if (queued !== undefined) add(queued);
    }
    for (const content of contents) {
      if (
        content.tiers.includes(tier.id) &&
        !tier.contentQueue.includes(content.id) &&
        content.postedDate !== null &&
        content.postedDate.getTime() <= clock.now.getTime() &&
        localDay(content.postedDate, clock.timeZone) === today
      ) {
        add(content.id);
      }
    }
  }
  return ids;
}
