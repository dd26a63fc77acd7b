import {
  practicesForToday,
  releasedContentIds,
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

/**
 * What a member can see right now: their active subscriptions, the content of those tiers,
 * and which of it the release engine (common/content/release.ts) has released to them.
 * Three queries whatever the size of the library.
 */
export async function memberLibrary(ctx: AppContext, member: User, now = new Date()) {
  const subs = await activeSubscriptionsOf(ctx, member.id);
  const tiers = new Map(subs.map((s) => [s.tier.id, toReleaseTier(s.tier)]));
  const subscriptions: ReleaseSubscription[] = subs.map((s) => ({ tierId: s.tier.id, startDay: s.subscription.startDate }));
  const items = await contentOfTiers(ctx.db, [...tiers.keys()]);
  const clock: Clock = { now, timeZone: member.timeZone };
  const releaseItems = items.map((i) => ({ id: i.content.id, tiers: i.tierIds, postedDate: i.content.postedDate }));
  const released = releasedContentIds(releaseItems, tiers, subscriptions, clock);
  const byId = new Map(items.map((i) => [i.content.id, i]));
  return {
    subscriptions: subs,
    released: items.filter((i) => released.has(i.content.id)),
    today: practicesForToday(releaseItems, tiers, subscriptions, clock)
      .map((id) => byId.get(id))
      .filter((i): i is ContentWithRefs => i !== undefined),
  };
}

/** DESIGN.md §5 Access: owner, admin, or a member to whom the item is released. */
export async function canSeeContent(ctx: AppContext, user: User, item: { id: string; userId: string }) {
  if (user.isAdmin || item.userId === user.id) return true;
  const { released } = await memberLibrary(ctx, user);
  return released.some((r) => r.content.id === item.id);
}
