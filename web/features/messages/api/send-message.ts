import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageAnswer } from '@common/messages/schemas';
import { api } from '@web/api/client';
import { contactsKey, roomKey } from './message-keys';
import type { OpenedRoom } from './open-room';
import { withMessages } from './room-messages';

export type SendMessage = { room: string; to: string; text: string; clientKey?: string };

/**
 * POST app/message {user: recipient, message, room, clientKey}: 403 when not allowed,
 * 400 when empty. A retry sends the same clientKey, so a message stored before its answer was lost
 * is not stored twice.
 */
export async function sendMessage({ room, to, text, clientKey }: SendMessage): Promise<MessageAnswer> {
  return MessageAnswer.parse(await api.call('app/message', { user: to, message: text, room, clientKey }));
}

/** Sends, then adds the answer to the open room (once, whatever the live frame did) and refreshes the list. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message, { to }) => {
      queryClient.setQueryData<OpenedRoom>(roomKey(to), (room) => withMessages(room, [message]));
      void queryClient.invalidateQueries({ queryKey: contactsKey });
    },
  });
}
