import { releaseSchedule, type Release } from '../../../common/content/release-order';
import {
  practicesForToday,
  type Clock,
  type ReleaseSubscription,
  type ReleaseTier,
} from '../../../common/content/release';
import type { Tier, User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { activeSubscriptionsOf } from '../subscriptions/service';
import type { ContentWithRefs } from './presenter';
import { contentOfTiers } from './queries';

const toReleaseTier = (t: Tier): ReleaseTier => ({
  id: t.id,
  releaseAllContent: t.releaseAllContent,
  contentQueue: t.contentQueue,
  contentQueueFrequency: t.contentQueueFrequency,
});

export type ReleasedContent = ContentWithRefs & { release: Release };

/**
 * What a member can see right now: their active subscriptions, the content of those tiers,
 * and which of it the release engine (common/content/release.ts) has released to them, in
 * release order (common/content/release-order.ts). Three queries whatever the size of the library.
 */
export async function memberLibrary(ctx: AppContext, member: User, now = new Date()) {
  const subs = await activeSubscriptionsOf(ctx, member.id);
  const tiers = new Map(subs.map((s) => [s.tier.id, toReleaseTier(s.tier)]));
  const subscriptions: ReleaseSubscription[] = subs.map((s) => ({
    tierId: s.tier.id,
    startDay: s.subscription.startDate,
  }));
  const items = await contentOfTiers(ctx.db, [...tiers.keys()]);
  const clock: Clock = { now, timeZone: member.timeZone };
  const releaseItems = items.map((i) => ({
    id: i.content.id,
    tiers: i.tierIds,
    postedDate: i.content.postedDate,
    createdAt: i.content.createdAt,
  }));
  const byId = new Map(items.map((i) => [i.content.id, i]));
  const released: ReleasedContent[] = releaseSchedule(releaseItems, tiers, subscriptions, clock).map((release) => ({
    ...byId.get(release.contentId)!,
    release,
  }));
  const order = new Map(released.map((r, index) => [r.content.id, index]));
  const todayIds = practicesForToday(releaseItems, tiers, subscriptions, clock);
  return {
    subscriptions: subs,
    released,
    // today's practices read in release order too (a course posted today: Lesson 1 first)
    today: todayIds
      .sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity))
      .map((id) => released[order.get(id) ?? -1])
      .filter((i): i is ReleasedContent => i !== undefined),
  };
}

/** DESIGN.md §5 Access: owner, admin, or a member to whom the item is released. */
export async function canSeeContent(ctx: AppContext, user: User, item: { id: string; userId: string }) {
  if (user.isAdmin || item.userId === user.id) return true;
  const { released } = await memberLibrary(ctx, user);
  return released.some((r) => r.content.id === item.id);
}
