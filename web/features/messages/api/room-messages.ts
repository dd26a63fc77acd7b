import type { MessageAnswer, OpenRoomAnswer } from '@common/messages/schemas';

/**
 * The room's messages with `incoming` added: one per _id (my own POST answer and its live frame
 * both arrive), oldest first.
 */
export function mergeMessages(messages: MessageAnswer[], incoming: MessageAnswer[]): MessageAnswer[] {
  const byId = new Map(messages.map((m) => [m._id, m]));
  let added = false;
  for (const message of incoming) {
    if (byId.has(message._id)) continue;
    byId.set(message._id, message);
    added = true;
  }
  if (!added) return messages;
  return [...byId.values()].sort(
    (a, b) => Date.parse(a.postedDate) - Date.parse(b.postedDate) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0),
  );
}

/** The cached room with `incoming` merged in (for setQueryData). */
export const withMessages = <Room extends OpenRoomAnswer>(room: Room | undefined, incoming: MessageAnswer[]) =>
  room && { ...room, messages: mergeMessages(room.messages, incoming) };
