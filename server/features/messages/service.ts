import { and, eq } from 'drizzle-orm';
import type { ChatUser } from '../../../common/messages/schemas';
import { chatRooms, chatRoomUsers, messages, notifications, type User } from '../../db/schema';
import { type AppContext, type CommandContext, inTransaction } from '../../platform/context';
import { conflict } from '../../platform/errors';
import { notify } from '../notifications/service';
import { blockBetween } from '../blocks/service';
import { messagingBlock } from '../blocks/policy';
import { presentMessage } from './presenter';
import { mayMessage, sharesMessagingTier } from './messaging-tier';
import { contactsOf, findChatUser, findMessage } from './queries';
import { roomMessages, roomParticipants } from './room-messages';
import { markRoomRead, unreadCount } from './unread';

/**
 * Whether `me` may message `other` (policy.ts canMessage: a shared tier with direct messaging),
 * e.g. a profile's 'Message'.
 */
export const mayMessageUser = (ctx: AppContext, me: User, other: User) => mayMessage(ctx.db, me.id, other.id);

/**
 * Whether a block stops two people's conversation, as the room shows it to `me`: 'by_you' when I
 * block them, 'closed' when they block me (blocks/policy.ts messagingBlock).
 */
export async function roomBlock(ctx: AppContext, me: string, other: string) {
  const refusal = messagingBlock(await blockBetween(ctx.db, me, other));
  return refusal === 'you_blocked_member' ? 'by_you' : refusal === 'messaging_blocked' ? 'closed' : undefined;
}

/** The fact the messaging policy needs about two people (policy.ts canMessage, canSendMessage). */
export const messagingFacts = async (ctx: AppContext, a: string, b: string) => ({
  sharesMessagingTier: await sharesMessagingTier(ctx.db, a, b),
});

/** A page of everyone `me` may message, with our rooms (GET app/room). */
export const listContacts = (ctx: AppContext, me: string, page: { cursor?: string; limit: number }) =>
  contactsOf(ctx.db, me, page);

/** A person as the chat shows them, or undefined. */
export const chatUserById = (ctx: AppContext, id: string) => findChatUser(ctx.db, id);

/** Who is in a room (none: no such room), the fact canReadRoom needs. */
export const participantsOf = (ctx: AppContext, roomId: string) => roomParticipants(ctx.database, roomId);

/** A page of a room's messages (room-messages.ts). */
export const messagesPage = (ctx: AppContext, roomId: string, query: Parameters<typeof roomMessages>[2]) =>
  roomMessages(ctx.database, roomId, query);

/** How many direct messages wait for `me`. */
export const unreadMessages = (ctx: AppContext, me: string) => unreadCount(ctx.db, me);

const pairKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/**
 * POST app/room: finds or creates the room of two people (the route has applied canMessage);
 * opening it reads it. Answers the room, both people, its latest messages and the cursor of the
 * page before them (null when they are all). The messages are read from the database itself
 * (room-messages.ts' named statements) after its own transaction has committed: never call it
 * inside another transaction (it would not see that one's rows, and PGlite would wait on its lock).
 */
export async function openRoom(ctx: CommandContext, options: { me: User; other: ChatUser }) {
  const { me, other } = options;
  const key = pairKey(me.id, other._id);
  const roomId = await inTransaction(ctx, async ({ db }) => {
    const [created] = await db
      .insert(chatRooms)
      .values({ pairKey: key })
      .onConflictDoNothing()
      .returning({ id: chatRooms.id });
    if (created) {
      await db.insert(chatRoomUsers).values([
        { roomId: created.id, userId: me.id },
        { roomId: created.id, userId: other._id },
      ]);
      return created.id;
    }
    return (await db.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.pairKey, key)))[0]!.id;
  });
  const self = await findChatUser(ctx.db, me.id);
  const latest = await roomMessages(ctx.database, roomId);
  await markRoomRead(ctx, { roomId, userId: me.id });
  return { room: { id: roomId, users: [self!, other] }, latest: latest.items, earlier: latest.next };
}

/**
 * POST app/message: stores the message (the route has applied canSendMessage), signals every open
 * tab of both people (on any server instance), and notifies the recipient only when they have no
 * open connection anywhere — once until they look (no pile of 'new message' notices for one
 * conversation).
 */
export async function sendMessage(
  ctx: CommandContext,
  options: { me: User; recipientId: string; roomId: string; text: string; clientKey?: string },
) {
  const { me, recipientId, roomId, text, clientKey } = options;
  const [row] = await ctx.db
    .insert(messages)
    .values({ roomId, userId: me.id, text, clientKey })
    .onConflictDoNothing({ target: [messages.userId, messages.clientKey] })
    .returning();
  if (!row) {
    // a retry of a send that was stored (its answer was lost): the stored one, told to nobody again
    const [stored] = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, me.id), eq(messages.clientKey, clientKey!)))
      .limit(1);
    if (stored?.roomId !== roomId) throw conflict('message_key_reused');
    return stored;
  }
  await ctx.live.publish({ to: [me.id, recipientId], kind: 'message', data: { id: row!.id } });
  if (!(await ctx.live.isOnline(recipientId))) {
    const link = `/messages?with=${me.id}`;
    const unseen = await ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, recipientId), eq(notifications.link, link), eq(notifications.viewed, false)))
      .limit(1);
    if (unseen.length === 0)
      await notify(ctx.db, {
        userId: recipientId,
        type: 'message',
        from: me.id,
        message: `New message from ${me.name}.`,
        link,
      });
  }
  return row!;
}

/** Turns a 'message' signal into the frame the browser gets (one read per instance, not per tab). */
export const renderMessageSignal = (ctx: AppContext) => async (signal: { data?: Record<string, string> }) => {
  const id = signal.data?.id;
  if (!id) return null;
  const row = await findMessage(ctx.db, id);
  return row ? { type: 'message', room: row.roomId, message: presentMessage(row) } : null;
};
