import { z } from 'zod';
import { MessageAnswer } from '@common/messages/schemas';
import { api } from '@web/api/client';
import { callPage } from '@web/api/client';

/** GET app/get-messages/{room}?after= (spec 02 §7): oldest first; `after` fetches what a reconnect missed. */
export async function getMessages(room: string, after?: string): Promise<MessageAnswer[]> {
  const query = after ? `?${new URLSearchParams({ after }).toString()}` : '';
  return z.array(MessageAnswer).parse(await api.call(`app/get-messages/${encodeURIComponent(room)}${query}`));
}

/** GET app/get-messages/{room}?cursor=: the page of messages before the cursor, oldest first, and the one before it. */
export async function getEarlierMessages(room: string, cursor: string) {
  const { body, next } = await callPage(`app/get-messages/${encodeURIComponent(room)}`, cursor);
  return { messages: z.array(MessageAnswer).parse(body ?? []), earlier: next };
}
