import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contentTiers, tiers, type Tier } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../platform/errors';

/**
 * Every write of a tier's content queue: adding queued content, taking content out, and
 * a reorder (POST app/tier with `contentQueue`). Each first locks the tier rows it writes, so they
 * apply one after another, and a reorder checks the queue it replaces under that lock: a list made
 * from a queue that has changed since (an item added or taken out in another tab) is refused with
 * 409 `queue_changed` instead of silently dropping the new item. Call these inside a transaction.
 *
 * The lock is `FOR NO KEY UPDATE` (what an UPDATE takes), in id order so two writers never wait on
 * each other in a circle; `FOR UPDATE` would deadlock two adds, each holding the `KEY SHARE` lock
 * that inserting its content_tiers row takes on the tier.
 */
async function lockTiers(db: Executor, tierIds: string[]) {
  if (tierIds.length === 0) return [];
  return db
    .select({ id: tiers.id, contentQueue: tiers.contentQueue })
    .from(tiers)
    .where(inArray(tiers.id, tierIds))
    .orderBy(asc(tiers.id))
    .for('no key update');
}

/** Puts queued content at the end of each tier's queue, once. */
export async function appendToQueues(db: Executor, tierIds: string[], contentId: string) {
  const locked = await lockTiers(db, tierIds);
  const missing = locked.filter((t) => !t.contentQueue.includes(contentId)).map((t) => t.id);
  if (missing.length === 0) return;
  await db
    .update(tiers)
    .set({ contentQueue: sql`array_append(${tiers.contentQueue}, ${contentId}::uuid)` })
    .where(inArray(tiers.id, missing));
}

const tiersQueuing = async (db: Executor, contentId: string) =>
  (await db.select({ id: tiers.id }).from(tiers).where(sql`${contentId}::uuid = any(${tiers.contentQueue})`)).map(
    (t) => t.id,
  );

/** Takes content out of the given tiers' queues, or out of every queue holding it. */
export async function removeFromQueues(db: Executor, contentId: string, tierIds?: string[]) {
  const candidates = tierIds ?? (await tiersQueuing(db, contentId));
  const holding = (await lockTiers(db, candidates)).filter((t) => t.contentQueue.includes(contentId));
  if (holding.length === 0) return;
  await db
    .update(tiers)
    .set({ contentQueue: sql`array_remove(${tiers.contentQueue}, ${contentId}::uuid)` })
    .where(
      inArray(
        tiers.id,
        holding.map((t) => t.id),
      ),
    );
}

export type QueueChange = {
  /** The new order: the whole queue. */
  contentQueue: string[];
  /** The queue the order was made from (what the page showed); optional for older clients. */
  previousContentQueue?: string[];
};

const sameOrder = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * Locks the tier and checks a new queue against the one stored now. With `previousContentQueue`,
 * the stored queue must still be exactly that (then the list may add, take out and reorder).
 * Without it (an older client), the list may reorder and add, but not leave out an item now
 * queued: an item added since the page loaded would be lost.
 */
export async function checkQueueChange(db: Executor, tier: Tier, change: QueueChange) {
  const queue = change.contentQueue;
  const listed = new Set(queue);
  if (listed.size !== queue.length) throw badRequest('queue_lists_twice');
  const [locked] = await lockTiers(db, [tier.id]);
  if (!locked) throw notFound('tier_not_found');
  const stored = locked.contentQueue;
  const stale = change.previousContentQueue
    ? !sameOrder(stored, change.previousContentQueue)
    : stored.some((id) => !listed.has(id));
  if (stale) throw conflict('queue_changed');
  if (queue.length === 0) return;
  const inTier = await db
    .select({ id: contentTiers.contentId })
    .from(contentTiers)
    .where(and(eq(contentTiers.tierId, tier.id), inArray(contentTiers.contentId, queue)));
  if (inTier.length !== queue.length) throw badRequest('queue_outside_tier');
}

/**
 * Moves queued content to `position` (from 0) of one tier's queue, or leaves it at the end when
 * the queue is shorter; under the tier's lock like every queue write.
 */
export async function placeInQueue(db: Executor, tierId: string, contentId: string, position: number) {
  const [locked] = await lockTiers(db, [tierId]);
  if (!locked) return;
  const rest = locked.contentQueue.filter((id) => id !== contentId);
  const at = Math.max(0, Math.min(position, rest.length));
  rest.splice(at, 0, contentId);
  await db.update(tiers).set({ contentQueue: rest }).where(eq(tiers.id, tierId));
}
