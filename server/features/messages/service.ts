import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { MESSAGE_TEXTS, MESSAGES_PAGE, type ContactAnswer, type MessageAnswer } from '../../../common/messages/schemas';
import type { Database } from '../../db/client';
import {
  chatRoomUsers,
  chatRooms,
  messages,
  notifications,
  subscriptions,
  tiers,
  users,
  type User,
} from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors';
import { notify } from '../notifications/service';
import { isActiveSql } from '../subscriptions/service';
import { mayMessage } from './policy';
import { markRoomRead, unreadByRoom } from './unread';

const presentMessage = (m: typeof messages.$inferSelect): MessageAnswer => ({
  _id: m.id,
  room: m.roomId,
  user: m.userId,
  text: m.text,
  postedDate: m.createdAt.toISOString(),
});
const chatUser = {
  _id: users.id,
  name: users.name,
  profilePicture: users.profilePicture,
  isFacilitator: users.isFacilitator,
};

/**
 * GET app/room: everyone I may message (either direction of a direct-messaging subscription),
 * with our room and its last message when one exists; most recent conversation first.
 */
export async function contactsOf(db: Database, me: User): Promise<ContactAnswer[]> {
  const counterpart = sql<string>`case when ${subscriptions.userId} = ${me.id} then ${tiers.userId} else ${subscriptions.userId} end`;
  const pairs = db
    .selectDistinct({ id: counterpart.as('contact_id') })
    .from(subscriptions)
    .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
    .where(
      and(
        eq(tiers.allowDirectMessaging, true),
        isActiveSql(),
        sql`(${subscriptions.userId} = ${me.id} or ${tiers.userId} = ${me.id})`,
        sql`${subscriptions.userId} <> ${tiers.userId}`,
      ),
    )
    .as('pairs');
  const rows = await db
    .select({
      user: chatUser,
      room: sql<
        string | null
      >`(select r.id from ${chatRooms} r where r.pair_key = least(${users.id}::text, ${me.id}::text) || ':' || greatest(${users.id}::text, ${me.id}::text))`,
    })
    .from(pairs)
    .innerJoin(users, eq(users.id, pairs.id))
    .limit(500);
  const roomIds = rows.map((r) => r.room).filter((r): r is string => Boolean(r));
  const last = roomIds.length
    ? await db
        .selectDistinctOn([messages.roomId])
        .from(messages)
        .where(sql`${messages.roomId} in ${roomIds}`)
        .orderBy(messages.roomId, desc(messages.createdAt))
    : [];
  const lastOf = new Map(last.map((m) => [m.roomId, presentMessage(m)]));
  const unreadOf = roomIds.length ? await unreadByRoom(db, me.id) : new Map<string, number>();
  return rows
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
}

const pairKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** POST app/room: finds or creates the room of two people allowed to talk; opening it reads it. */
export async function openRoom(ctx: AppContext, me: User, otherId: string) {
  const [other] = await ctx.db.select(chatUser).from(users).where(eq(users.id, otherId));
  if (!other) throw notFound('User not found');
  if (!(await mayMessage(ctx.db, me.id, otherId))) throw forbidden(MESSAGE_TEXTS.notAllowed);
  const key = pairKey(me.id, otherId);
  const roomId = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(chatRooms)
      .values({ pairKey: key })
      .onConflictDoNothing()
      .returning({ id: chatRooms.id });
    if (created) {
      await tx.insert(chatRoomUsers).values([
        { roomId: created.id, userId: me.id },
        { roomId: created.id, userId: otherId },
      ]);
      return created.id;
    }
    return (await tx.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.pairKey, key)))[0]!.id;
  });
  const [self] = await ctx.db.select(chatUser).from(users).where(eq(users.id, me.id));
  const latest = await roomMessages(ctx.db, roomId);
  await markRoomRead(ctx.db, roomId, me.id);
  return { chatRoom: { _id: roomId, users: [self!, other] }, messages: latest };
}

/** The room's other participant, if `me` is in the room. */
export async function otherInRoom(db: Database, roomId: string, me: string) {
  const people = await db
    .select({ userId: chatRoomUsers.userId })
    .from(chatRoomUsers)
    .where(eq(chatRoomUsers.roomId, roomId));
  if (!people.some((p) => p.userId === me)) return undefined;
  return people.find((p) => p.userId !== me)?.userId;
}

/** The latest page of a room, oldest first; with `after`, only what came later (a reconnect). */
export async function roomMessages(db: Database, roomId: string, after?: string) {
  if (after) {
    const rows = await db
      .select()
      .from(messages)
      .where(and(eq(messages.roomId, roomId), gt(messages.createdAt, new Date(after))))
      .orderBy(asc(messages.createdAt))
      .limit(MESSAGES_PAGE);
    return rows.map(presentMessage);
  }
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.roomId, roomId))
    .orderBy(desc(messages.createdAt))
    .limit(MESSAGES_PAGE);
  return rows.reverse().map(presentMessage);
}

/**
 * POST app/message: stores the message, signals every open tab of both people (on any server
 * instance), and notifies the recipient only when they have no open connection anywhere — once
 * until they look (no pile of 'new message' notices for one conversation).
 */
export async function sendMessage(ctx: AppContext, me: User, input: { user: string; message: string; room: string }) {
  const other = await otherInRoom(ctx.db, input.room, me.id);
  if (!other) throw notFound('Chat not found');
  if (other !== input.user) throw forbidden('That person is not in this chat');
  if (!(await mayMessage(ctx.db, me.id, other))) throw forbidden(MESSAGE_TEXTS.notAllowed);
  const [row] = await ctx.db
    .insert(messages)
    .values({ roomId: input.room, userId: me.id, text: input.message })
    .returning();
  const message = presentMessage(row!);
  await ctx.live.publish({ to: [me.id, other], kind: 'message', data: { id: message._id } });
  if (!(await ctx.live.isOnline(other))) {
    const link = `/messages?with=${me.id}`;
    const unseen = await ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, other), eq(notifications.link, link), eq(notifications.viewed, false)))
      .limit(1);
    if (unseen.length === 0) await notify(ctx.db, { userId: other, message: `New message from ${me.name}.`, link });
  }
  return message;
}

/** Turns a 'message' signal into the frame the browser gets (one read per instance, not per tab). */
export const renderMessageSignal = (db: Database) => async (signal: { data?: Record<string, string> }) => {
  const id = signal.data?.id;
  if (!id) return null;
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row ? { type: 'message', room: row.roomId, message: presentMessage(row) } : null;
};
