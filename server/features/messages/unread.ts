import { and, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { CommandContext } from '../../platform/context';
import { chatRoomUsers, messages } from '../../db/schema';
import { sharesMessagingTierSql } from './messaging-tier';

const mine = alias(chatRoomUsers, 'mine');
const theirs = alias(chatRoomUsers, 'theirs');

/**
 * The other person's messages after my read mark, in rooms where we may still talk (a lapsed
 * subscription's room cannot be opened, so its messages must not hold the badge up forever).
 * Index path: chat_room_users_user_idx for my rooms, then messages_room_created_idx from the mark.
 */
const otherPerson = and(eq(theirs.roomId, mine.roomId), ne(theirs.userId, mine.userId));
const afterMyMark = and(
  eq(messages.roomId, mine.roomId),
  eq(messages.userId, theirs.userId),
  sql`${messages.createdAt} > coalesce(${mine.lastReadAt}, '-infinity')`,
);
const mineWhereAllowed = (me: string) => and(eq(mine.userId, me), sharesMessagingTierSql(mine.userId, theirs.userId));
const count = sql<number>`count(*)::int`;

/** GET app/unread-messages: how many direct messages wait for me, in one query. */
export async function unreadCount(db: Database, me: string): Promise<number> {
  const [row] = await db
    .select({ unread: count })
    .from(mine)
    .innerJoin(theirs, otherPerson)
    .innerJoin(messages, afterMyMark)
    .where(mineWhereAllowed(me));
  return row?.unread ?? 0;
}

/** Unread messages per room, for the contact list. */
export async function unreadByRoom(db: Database, me: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ room: mine.roomId, unread: count })
    .from(mine)
    .innerJoin(theirs, otherPerson)
    .innerJoin(messages, afterMyMark)
    .where(mineWhereAllowed(me))
    .groupBy(mine.roomId);
  return new Map(rows.map((r) => [r.room, r.unread]));
}

/**
 * Marks the room read up to its newest message (not "now": a message stored while this runs
 * stays unread). Never moves the mark back.
 */
export async function markRoomRead(ctx: Pick<CommandContext, 'db'>, options: { roomId: string; userId: string }) {
  const { roomId, userId: me } = options;
  await ctx.db
    .update(chatRoomUsers)
    .set({
      lastReadAt: sql`greatest(
        ${chatRoomUsers.lastReadAt},
        (select max(m.created_at) from ${messages} m where m.room_id = ${roomId})
      )`,
    })
    .where(and(eq(chatRoomUsers.roomId, roomId), eq(chatRoomUsers.userId, me)));
}
