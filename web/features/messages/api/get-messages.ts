import { z } from 'zod';
import { MessageAnswer } from '@common/messages/schemas';
import { api } from '@web/api/client';

/** GET app/get-messages/{room}?after= (spec 02 §7): oldest first; `after` fetches what a reconnect missed. */
export async function getMessages(room: string, after?: string): Promise<MessageAnswer[]> {
  const query = after ? `?${new URLSearchParams({ after }).toString()}` : '';
  return z.array(MessageAnswer).parse(await api.call(`app/get-messages/${encodeURIComponent(room)}${query}`));
}
