import { queryOptions, useQuery } from '@tanstack/react-query';
import { OpenRoomAnswer } from '@common/messages/schemas';
import { api } from '@web/api/client';
import { roomKey } from './message-keys';

/** POST app/room {ids: [userId]} (spec 02 §7): opens or finds the room with that person; 403 when not allowed. */
export async function openRoom(userId: string): Promise<OpenRoomAnswer> {
  const answer = OpenRoomAnswer.parse(await api.call('app/room', { ids: [userId] }));
  return {
    ...answer,
    messages: [...answer.messages].sort((a, b) => Date.parse(a.postedDate) - Date.parse(b.postedDate)),
  };
}

export const roomQueryOptions = (userId: string) =>
  queryOptions({ queryKey: roomKey(userId), queryFn: () => openRoom(userId) });

export const useRoom = (userId: string) => useQuery(roomQueryOptions(userId));
