import { and, desc, eq, inArray, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ChatUser, ContactAnswer } from '../../../common/messages/schemas';
import type { Executor } from '../../db/client';
import { chatRooms, messages, subscriptions, tiers, users } from '../../db/schema';
import { nextPage, sortKeyColumn, type SortPart } from '../../platform/keyset';
import { isActiveSql } from '../subscriptions/service';
import { canMessage } from './policy';
import { presentMessage } from './presenter';
import { unreadByRoom } from './unread';

type Message = typeof messages.$inferSelect;

/**
 * The fact the messaging policy needs, in SQL (written once): an active subscription of one person
 * to a tier of another that allows direct messages. `subscriptions` joined to `tiers` on the tier.
 */
const messagingLink = (): SQL =>
  and(eq(tiers.allowDirectMessaging, true), isActiveSql(), ne(subscriptions.userId, tiers.userId))!;
const linkBetween = (a: AnyColumn | SQL | string, b: AnyColumn | SQL | string): SQL =>
  or(
    and(sql`${subscriptions.userId} = ${a}`, sql`${tiers.userId} = ${b}`),
    and(sql`${subscriptions.userId} = ${b}`, sql`${tiers.userId} = ${a}`),
  )!;

/** Whether `a` and `b` share an active direct-messaging tier (either one subscribing to the other's). */
export async function sharesMessagingTier(db: Executor, a: string, b: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(subscriptions)
    .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
    .where(and(messagingLink(), linkBetween(a, b)))
    .limit(1);
  return rows.length > 0;
}

/** The messaging policy applied to two people, its fact loaded here (profiles' canMessage flag). */
export const mayMessage = async (db: Executor, a: string, b: string) =>
  canMessage({ id: a }, { id: b }, { sharesMessagingTier: await sharesMessagingTier(db, a, b) });

/**
 * The same fact for queries over many pairs (the unread count): true when the people in columns
 * `a` and `b` share an active direct-messaging tier.
 */
export const sharesMessagingTierSql = (a: AnyColumn | SQL, b: AnyColumn | SQL): SQL =>
  sql`exists (select 1 from ${subscriptions} inner join ${tiers} on ${tiers.id} = ${subscriptions.tierId} where ${and(
    messagingLink(),
    linkBetween(a, b),
  )})`;

/** Everyone `me` shares an active direct-messaging tier with (a subquery of `contact_id`). */
export const messagingContactsOf = (db: Executor, me: string) => {
  const counterpart = sql<string>`case when ${subscriptions.userId} = ${me}
    then ${tiers.userId} else ${subscriptions.userId} end`;
  return db
    .selectDistinct({ id: counterpart.as('contact_id') })
    .from(subscriptions)
    .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
    .where(and(messagingLink(), sql`(${subscriptions.userId} = ${me} or ${tiers.userId} = ${me})`))
    .as('pairs');
};

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
