import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client';
import { blocks, comments, messages, posts, users } from '../../db/schema';

/** The ids of everyone `me` blocks: one read per page, the feed marks its rows from this set. */
export async function blockedIdsOf(db: Executor, me: string): Promise<Set<string>> {
  const rows = await db.select({ id: blocks.blockedId }).from(blocks).where(eq(blocks.blockerId, me));
  return new Set(rows.map((r) => r.id));
}

/** Whether `me` blocks `other`, and whether `other` blocks `me` (one read). */
export async function blockBetween(db: Executor, me: string, other: string) {
  const rows = await db
    .select({ blocker: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, me), eq(blocks.blockedId, other)),
        and(eq(blocks.blockerId, other), eq(blocks.blockedId, me)),
      ),
    );
  return { iBlock: rows.some((r) => r.blocker === me), blocksMe: rows.some((r) => r.blocker === other) };
}

/** Of `recipients`, the pairs (recipient, sender) where the recipient blocks the sender. */
export async function blockingPairs(db: Executor, senders: string[], recipients: string[]) {
  if (senders.length === 0 || recipients.length === 0) return new Set<string>();
  const rows = await db
    .select({ blocker: blocks.blockerId, blocked: blocks.blockedId })
    .from(blocks)
    .where(and(inArray(blocks.blockedId, senders), inArray(blocks.blockerId, recipients)));
  return new Set(rows.map((r) => `${r.blocker}:${r.blocked}`));
}

/** Everyone `me` blocks with their names, most recent first (Settings → Blocked people). */
export const blockedPeopleOf = (db: Executor, me: string) =>
  db
    .select({
      id: users.id,
      name: users.name,
      profilePicture: users.profilePicture,
      isFacilitator: users.isFacilitator,
      blockedAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, me))
    .orderBy(desc(blocks.createdAt));

/** A person who may be blocked, or undefined. */
export const findBlockTarget = async (db: Executor, id: string) =>
  (
    await db
      .select({ id: users.id, name: users.name, isFacilitator: users.isFacilitator })
      .from(users)
      .where(eq(users.id, id))
      .limit(1)
  )[0];

/**
 * The creation times of the newest `max` posts and comments `userId` wrote within the last hour,
 * newest first. Only new accounts are counted, who have few rows, through posts_user_created_idx
 * and comments_user_idx.
 */
export async function recentWritings(db: Executor, userId: string, max: number, since: Date): Promise<Date[]> {
  const rows = await selectRows<{ at: string | Date }>(
    db,
    sql`select at from (
        select ${posts.createdAt} as at from ${posts} where ${posts.userId} = ${userId} and ${posts.createdAt} > cast(${since.toISOString()} as timestamptz)
        union all
        select ${comments.createdAt} from ${comments} where ${comments.userId} = ${userId} and ${comments.createdAt} > cast(${since.toISOString()} as timestamptz)
      ) w order by at desc limit ${max}`,
  );
  return rows.map((r) => new Date(r.at));
}

/** The creation times of the newest `max` messages `userId` sent within the last hour, newest first. */
export async function recentMessages(db: Executor, userId: string, max: number, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.userId, userId), gt(messages.createdAt, since)))
    .orderBy(desc(messages.createdAt))
    .limit(max);
  return rows.map((r) => new Date(r.at));
}

/** Whether `other` has written in the room (a conversation, not a cold message). */
export async function hasWrittenIn(db: Executor, roomId: string, other: string) {
  const rows = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.roomId, roomId), eq(messages.userId, other)))
    .limit(1);
  return rows.length > 0;
}
