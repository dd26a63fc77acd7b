import type { NotificationAnswer } from './schemas';

export type BucketName = 'Today' | 'Past week' | 'All time';
export const BUCKETS: BucketName[] = ['Today', 'Past week', 'All time'];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Notifications grouped Today, Past week, All time (in the viewer's local day). */
export function bucketOf(createdAt: Date, now: Date): BucketName {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const t = createdAt.getTime();
  if (t >= startOfToday) return 'Today';
  if (t >= startOfToday - 6 * DAY_MS) return 'Past week';
  return 'All time';
}

export function groupNotifications(list: NotificationAnswer[], now = new Date()) {
  const groups = new Map<BucketName, NotificationAnswer[]>(BUCKETS.map((b) => [b, []]));
  for (const n of list) groups.get(bucketOf(new Date(n.createdAt), now))!.push(n);
  return BUCKETS.map((name) => ({ name, items: groups.get(name)! })).filter((g) => g.items.length > 0);
}
