import type { ChatUser, MessageAnswer, OpenRoomAnswer } from '../../../common/messages/schemas';
import type { messages } from '../../db/schema';

type Message = typeof messages.$inferSelect;

/** A message as the API sends it. */
export const presentMessage = (m: Message): MessageAnswer => ({
  _id: m.id,
  room: m.roomId,
  user: m.userId,
  text: m.text,
  postedDate: m.createdAt.toISOString(),
  clientKey: m.clientKey,
});

/** POST app/room: the room with both people and its latest messages, oldest first. */
export const presentRoom = (
  room: { id: string; users: ChatUser[] },
  latest: Message[],
  blocked?: 'by_you' | 'closed',
): OpenRoomAnswer => ({
  chatRoom: { _id: room.id, users: room.users },
  messages: latest.map(presentMessage),
  ...(blocked ? { blocked } : {}),
});
