import { queryOptions, useQuery } from '@tanstack/react-query';
import { OpenRoomAnswer } from '@common/messages/schemas';
import { callPage } from '@web/api/client';
import { roomKey } from './message-keys';

/** The room as the chat keeps it: its answer and the cursor of the earlier messages (null when all are here). */
export type OpenedRoom = OpenRoomAnswer & { earlier?: string | null };

/** POST app/room {ids: [userId]}: opens or finds the room with that person; 403 when not allowed. */
export async function openRoom(userId: string): Promise<OpenedRoom> {
  const { body, next } = await callPage('app/room', null, { ids: [userId] });
  const answer = OpenRoomAnswer.parse(body);
  return {
    ...answer,
    messages: [...answer.messages].sort((a, b) => Date.parse(a.postedDate) - Date.parse(b.postedDate)),
    earlier: next,
  };
}

export const roomQueryOptions = (userId: string) =>
  queryOptions({ queryKey: roomKey(userId), queryFn: () => openRoom(userId) });

export const useRoom = (userId: string) => useQuery(roomQueryOptions(userId));
