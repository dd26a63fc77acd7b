import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageAnswer } from '@common/messages/schemas';
import { api } from '@web/api/client';
import { contactsKey, roomKey } from './message-keys';
import type { OpenedRoom } from './open-room';
import { withMessages } from './room-messages';

export type SendMessage = { room: string; to: string; text: string };

/** POST app/message {user: recipient, message, room} (spec 02 §7): 403 when not allowed, 400 when empty. */
export async function sendMessage({ room, to, text }: SendMessage): Promise<MessageAnswer> {
  return MessageAnswer.parse(await api.call('app/message', { user: to, message: text, room }));
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
