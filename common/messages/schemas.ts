import { z } from 'zod';
export { MESSAGE_TEXTS } from './messages';

// Direct messages: the chat rooms, their messages and the calls that read and send them.
export const MESSAGE_TEXT_MAX = 4000;
export const MESSAGES_PAGE = 100;

export const ChatUser = z.object({
  _id: z.string(),
  name: z.string(),
  profilePicture: z.string().nullable(),
  isFacilitator: z.boolean(),
});
export type ChatUser = z.infer<typeof ChatUser>;

export const MessageAnswer = z.object({
  _id: z.string(),
  room: z.string(),
  /** the sender's id */
  user: z.string(),
  text: z.string(),
  postedDate: z.string(),
  /** the sender's idempotency key of POST app/message, when it sent one */
  clientKey: z.string().nullable(),
});
export type MessageAnswer = z.infer<typeof MessageAnswer>;

/**
 * GET app/room: who I may talk to. Members: the facilitators they may message; facilitators:
 * the members subscribed to one of their direct-messaging tiers. `room` is set once a chat exists.
 */
export const ContactAnswer = z.object({
  user: ChatUser,
  room: z.string().nullable(),
  lastMessage: MessageAnswer.nullable(),
  /** their messages I have not seen yet (after my read mark in the room) */
  unread: z.number().int().nonnegative(),
});
export type ContactAnswer = z.infer<typeof ContactAnswer>;
export const RoomListAnswer = z.object({ contacts: z.array(ContactAnswer) });
export type RoomListAnswer = z.infer<typeof RoomListAnswer>;

/** POST app/room {ids}: opens (or finds) the room with that user; answers the room and its latest messages. */
export const OpenRoomRequest = z.object({ ids: z.array(z.string().uuid()).length(1, 'Pick one person to message') });
export const ChatRoom = z.object({ _id: z.string(), users: z.array(ChatUser) });
export const OpenRoomAnswer = z.object({
  chatRoom: ChatRoom,
  messages: z.array(MessageAnswer),
  /**
   * present only when a block stops this conversation: 'by_you', I block the other person (the
   * room offers to unblock); 'closed', I cannot reply (nothing more is said)
   */
  blocked: z.enum(['by_you', 'closed']).optional(),
});
export type OpenRoomAnswer = z.infer<typeof OpenRoomAnswer>;

const PageCursor = z.string().max(300);

/**
 * GET app/room?cursor=&limit=: a page of contacts, latest conversation first; the `next-cursor`
 * header asks for the following page.
 */
export const ContactsQuery = z.object({
  cursor: PageCursor.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

/**
 * GET app/get-messages/{room}?after=&afterId=|cursor=: oldest first. `after` (an ISO time) and
 * `afterId` (the id of the last message I have) fetch what a reconnect missed, the oldest `limit`
 * of it: a full page means there is more, asked for after its last message in turn. Otherwise the
 * latest page, and `cursor` (from the `next-cursor` header) the page of earlier messages before it.
 */
export const MessagesQuery = z.object({
  after: z.iso.datetime({ offset: true }).optional(),
  /** with `after`: messages of that same instant sort by id, so none is skipped or repeated */
  afterId: z.string().uuid().optional(),
  cursor: PageCursor.optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE).default(MESSAGES_PAGE),
});
export const MessageListAnswer = z.array(MessageAnswer);

/** POST app/message {user, message, room}: `user` is the recipient. */
export const SendMessageRequest = z.object({
  user: z.string().uuid(),
  message: z.string().trim().min(1, 'Write a message').max(MESSAGE_TEXT_MAX),
  room: z.string().uuid(),
  /**
   * A key the sender makes once per message and sends again on every retry: a message already
   * stored with it is answered as is, never stored twice.
   */
  clientKey: z.string().uuid().optional(),
});

/** GET app/unread-messages: direct messages waiting for me (the header's messages badge). */
export const UnreadMessagesAnswer = z.object({ unread: z.number().int().nonnegative() });
export type UnreadMessagesAnswer = z.infer<typeof UnreadMessagesAnswer>;
/**
 * POST app/read-room/{room}: marks the room read up to its newest message; answers what stays unread elsewhere.
 * @alias the same answer as GET app/unread-messages
 */
export const ReadRoomAnswer = UnreadMessagesAnswer;

/** `/:room` in a route path. */
export const RoomParams = z.object({ room: z.string().uuid('Invalid room') });
