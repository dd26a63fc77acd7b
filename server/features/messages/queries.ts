import { desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ChatUser, ContactAnswer } from '../../../common/messages/schemas';
import type { Executor } from '../../db/client';
import { chatRooms, messages, users } from '../../db/schema';
import { nextPage, sortKeyColumn, type SortPart } from '../../platform/keyset';
import { messagingContactsOf } from './messaging-tier';
import { presentMessage } from './presenter';
import { unreadByRoom } from './unread';

type Message = typeof messages.$inferSelect;

const chatUser = {
  _id: users.id,
  name: users.name,
  profilePicture: users.profilePicture,
  isFacilitator: users.isFacilitator,
};

/** A person as the chat shows them, or undefined. */
export const findChatUser = async (db: Executor, id: string): Promise<ChatUser | undefined> =>
  (await db.select(chatUser).from(users).where(eq(users.id, id)).limit(1))[0];

const pairKeyOf = (a: AnyColumn | SQL, me: string) =>
  sql`least(${a}::text, ${me}::text) || ':' || greatest(${a}::text, ${me}::text)`;

/**
 * GET app/room: a page of everyone I may message (either direction of a direct-messaging
 * subscription), with our room and its last message when one exists; most recent conversation
 * first (people without one after, by name within the page), then the `next` page's cursor.
 */
export async function contactsOf(
  db: Executor,
  me: string,
  page: { cursor?: string; limit: number },
): Promise<{ items: ContactAnswer[]; next: string | null }> {
  const pairs = messagingContactsOf(db, me);
  const lastAt = sql`coalesce(
    (select max(m.created_at) from ${messages} m inner join ${chatRooms} r on r.id = m.room_id
      where r.pair_key = ${pairKeyOf(users.id, me)}),
    'epoch'::timestamptz)`;
  const sort: SortPart[] = [
    { expr: lastAt, type: 'timestamptz' },
    { expr: sql`${users.id}`, type: 'uuid' },
  ];
  const { items: rows, next } = await nextPage(sort, { ...page, dir: 'desc' }, (where, order, limit) =>
    db
      .select({
        user: chatUser,
        room: sql<string | null>`(select r.id from ${chatRooms} r where r.pair_key = ${pairKeyOf(users.id, me)})`,
        sortKey: sortKeyColumn(sort),
      })
      .from(pairs)
      .innerJoin(users, eq(users.id, pairs.id))
      .where(where)
      .orderBy(...order)
      .limit(limit),
  );
  const roomIds = rows.map((r) => r.room).filter((r): r is string => Boolean(r));
  const last = roomIds.length
    ? await db
        .selectDistinctOn([messages.roomId])
        .from(messages)
        .where(inArray(messages.roomId, roomIds))
        .orderBy(messages.roomId, desc(messages.createdAt))
    : [];
  const lastOf = new Map(last.map((m) => [m.roomId, presentMessage(m)]));
  const unreadOf = roomIds.length ? await unreadByRoom(db, me) : new Map<string, number>();
  const items = rows
    .map(({ user, room }) => ({
      user,
      room,
      lastMessage: room ? (lastOf.get(room) ?? null) : null,
      unread: room ? (unreadOf.get(room) ?? 0) : 0,
    }))
    .sort(
      (a, b) =>
        (b.lastMessage?.postedDate ?? '').localeCompare(a.lastMessage?.postedDate ?? '') ||
        a.user.name.localeCompare(b.user.name),
    );
  return { items, next };
}

export const findMessage = async (db: Executor, id: string): Promise<Message | undefined> =>
  (await db.select().from(messages).where(eq(messages.id, id)).limit(1))[0];
