import { z } from 'zod';
import { MESSAGES_PAGE, MessageAnswer } from '@common/messages/schemas';
import { api } from '@web/api/client';
import { callPage } from '@web/api/client';

/** GET app/get-messages/{room}?after=: oldest first; `after` fetches what a reconnect missed. */
export async function getMessages(room: string, after?: string, afterId?: string): Promise<MessageAnswer[]> {
  const params = new URLSearchParams({ ...(after && { after }), ...(afterId && { afterId }) });
  const query = after ? `?${params.toString()}` : '';
  return z.array(MessageAnswer).parse(await api.call(`app/get-messages/${encodeURIComponent(room)}${query}`));
}

/**
 * Everything after my last message `last` (a reconnect's catch-up), oldest first: page after page
 * while a page comes back full (a single call stopped at the oldest 100 missed).
 */
export async function getMissedMessages(
  room: string,
  last: Pick<MessageAnswer, '_id' | 'postedDate'>,
): Promise<MessageAnswer[]> {
  const missed: MessageAnswer[] = [];
  let from = last;
  // bounded: past a few thousand missed messages, reloading the room is the better answer
  for (let page = 0; page < 20; page++) {
    const batch = await getMessages(room, from.postedDate, from._id);
    missed.push(...batch);
    if (batch.length < MESSAGES_PAGE || batch.length === 0) return missed;
    from = batch.at(-1)!;
  }
  throw new Error('Too many missed messages: reload the room');
}

/** GET app/get-messages/{room}?cursor=: the page of messages before the cursor, oldest first, and the one before it. */
export async function getEarlierMessages(room: string, cursor: string) {
  const { body, next } = await callPage(`app/get-messages/${encodeURIComponent(room)}`, cursor);
  return { messages: z.array(MessageAnswer).parse(body ?? []), earlier: next };
}
