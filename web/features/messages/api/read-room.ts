import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReadRoomAnswer, type ContactAnswer } from '@common/messages/schemas';
import { api } from '@web/api/client';
import { contactsKey, unreadMessagesKey } from './message-keys';

/** POST app/read-room/{room}: the open chat got a message I now see; answers what stays unread. */
export async function readRoom(room: string): Promise<number> {
  return ReadRoomAnswer.parse(await api.call(`app/read-room/${encodeURIComponent(room)}`, {})).unread;
}

/**
 * The chat with `personId` is read: their line in the list loses its count and the header badge
 * shows what is left (from the server when it answered, otherwise asked again).
 */
export function useMarkChatRead() {
  const queryClient = useQueryClient();
  const clearContact = useCallback(
    (personId: string) =>
      queryClient.setQueryData<ContactAnswer[]>(contactsKey, (list) =>
        list?.map((c) => (c.user._id === personId && c.unread > 0 ? { ...c, unread: 0 } : c)),
      ),
    [queryClient],
  );
  const mutation = useMutation({
    mutationFn: ({ room }: { room: string; personId: string }) => readRoom(room),
    onSuccess: (unread, { personId }) => {
      queryClient.setQueryData(unreadMessagesKey, unread);
      clearContact(personId);
      // a list refetch started by the same message may have counted it before this read
      void queryClient.invalidateQueries({ queryKey: contactsKey });
    },
  });
  /** POST app/room already read the room on the server: only the local counts change. */
  const openedChat = useCallback(
    (personId: string) => {
      clearContact(personId);
      void queryClient.invalidateQueries({ queryKey: unreadMessagesKey });
    },
    [clearContact, queryClient],
  );
  /** A message arrived in the open chat. */
  const readMore = (room: string, personId: string) => mutation.mutate({ room, personId });
  return { openedChat, readMore };
}
