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
import { canViewContent } from './policy';
import type { ContentWithRefs } from './presenter';
import { contentOfTiers } from './queries';

const toReleaseTier = (t: Tier): ReleaseTier => ({
  id: t.id,
  releaseAllContent: t.releaseAllContent,
  contentQueue: t.contentQueue,
  contentQueueFrequency: t.contentQueueFrequency,
});

export type ReleasedContent = ContentWithRefs & { release: Release };
type TierContent = Awaited<ReturnType<typeof contentOfTiers>>[number];

/**
 * What a member can see right now: their active subscriptions, the content of those tiers,
 * and which of it the release engine (common/content/release.ts) has released to them, in
 * release order (common/content/release-order.ts). Three queries whatever the size of the library.
 */
export async function memberLibrary(ctx: AppContext, member: User, now = new Date()) {
  const subs = await activeSubscriptionsOf(ctx, member.id);
  const items = await contentOfTiers(ctx.db, [...new Set(subs.map((s) => s.tier.id))]);
  return { subscriptions: subs, ...libraryOf(subs, items, { now, timeZone: member.timeZone }) };
}

/**
 * The part of memberLibrary without queries: from one member's active subscriptions and content
 * of tiers (others' tiers' content is ignored), what is released to them by `clock`, and today's
 * practices in release order. The batch of 'Your practice for today' mails shares it.
 */
export function libraryOf(
  subs: readonly { tier: Tier; subscription: { startDate: string } }[],
  content: readonly TierContent[],
  clock: Clock,
) {
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
  const byId = new Map(items.map((i) => [i.content.id, i]));
  const released: ReleasedContent[] = releaseSchedule(releaseItems, tiers, subscriptions, clock).map((release) => ({
    ...byId.get(release.contentId)!,
    release,
  }));
  const order = new Map(released.map((r, index) => [r.content.id, index]));
  const todayIds = practicesForToday(releaseItems, tiers, subscriptions, clock);
  return {
    released,
    // today's practices read in release order too (a course posted today: Lesson 1 first)
    today: todayIds
      .sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity))
      .map((id) => released[order.get(id) ?? -1])
      .filter((i): i is ReleasedContent => i !== undefined),
  };
}

/** Whether the release engine has released the item to the member now (the fact content/policy.ts needs). */
export async function isReleasedTo(ctx: AppContext, member: User, itemId: string) {
  const { released } = await memberLibrary(ctx, member);
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
