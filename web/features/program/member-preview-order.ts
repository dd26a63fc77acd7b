import type { ContentAnswer } from '@common/content/schemas';
import { queueReleaseDay } from '@common/content/queue';
import { compareReleases, releaseInTier, type Release } from '@common/content/release-order';
import type { Clock, ReleaseTier } from '@common/content/release';
import type { TierAnswer } from '@common/tiers/schemas';
import { localDay } from '@common/time';

export type PreviewItem = { content: ContentAnswer; release: Release };
export type LaterItem = { content: ContentAnswer } & (
  | { kind: 'queue'; queueDay: number }
  | { kind: 'scheduled'; at: string }
);

export type MemberPreview = {
  /** What a member who joins today has at once, in the order they read it. */
  firstDay: PreviewItem[];
  /** What reaches them later: queue days, then scheduled dates. */
  later: LaterItem[];
  /** Neither queued nor dated: released to no one (a draft). */
  hidden: ContentAnswer[];
};

/**
 * 'Preview as a member': a tier's content as a subscriber who joins today sees
 * it, worked out with the release engine members are served by (common/content/release-order).
 */
export function memberPreview(tier: TierAnswer, content: readonly ContentAnswer[], clock: Clock): MemberPreview {
  const releaseTier: ReleaseTier = {
    id: tier._id,
    releaseAllContent: tier.releaseAllContent,
    contentQueue: tier.contentQueue,
    contentQueueFrequency: tier.contentQueueFrequency,
  };
  const subscription = { tierId: tier._id, startDay: localDay(clock.now, clock.timeZone) };
  const preview: MemberPreview = { firstDay: [], later: [], hidden: [] };
  for (const item of content) {
    if (!item.tiers.includes(tier._id)) continue;
    const postedDate = item.postedDate ? new Date(item.postedDate) : null;
    const release = releaseInTier({ id: item._id, tiers: item.tiers, postedDate }, releaseTier, subscription, clock);
    const position = tier.contentQueue.indexOf(item._id);
    if (release) preview.firstDay.push({ content: item, release });
    else if (position >= 0)
      preview.later.push({
        content: item,
        kind: 'queue',
        queueDay: queueReleaseDay(position, tier.contentQueueFrequency),
      });
    else if (item.postedDate) preview.later.push({ content: item, kind: 'scheduled', at: item.postedDate });
    else preview.hidden.push(item);
  }
  preview.firstDay.sort((a, b) => compareReleases(a.release, b.release));
  preview.later.sort((a, b) => {
    if (a.kind === 'queue' && b.kind === 'queue') return a.queueDay - b.queueDay;
    if (a.kind === 'scheduled' && b.kind === 'scheduled') return a.at < b.at ? -1 : a.at > b.at ? 1 : 0;
    return a.kind === 'queue' ? -1 : 1;
  });
  return preview;
}
