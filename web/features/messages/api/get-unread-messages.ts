import { queryOptions, useQuery } from '@tanstack/react-query';
import { UnreadMessagesAnswer } from '@common/messages/schemas';
import { api } from '@web/api/client';
import { unreadMessagesKey } from './message-keys';

/** GET app/unread-messages: direct messages I have not seen yet. */
export async function getUnreadMessages(): Promise<number> {
  return UnreadMessagesAnswer.parse(await api.call('app/unread-messages')).unread;
}

// always stale: a tab coming back into focus asks again (a chat read in another tab sends no signal)
export const unreadMessagesQueryOptions = () =>
  queryOptions({ queryKey: unreadMessagesKey, queryFn: getUnreadMessages, staleTime: 0 });

export const useUnreadMessages = () => useQuery(unreadMessagesQueryOptions());
