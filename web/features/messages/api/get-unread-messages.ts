import { queryOptions, useQuery } from '@tanstack/react-query';
import { UnreadMessagesAnswer } from '@common/messages/schemas';
import { api } from '@web/api/client';
import { unreadMessagesKey } from './message-keys';

/** GET app/unread-messages: direct messages I have not seen yet. */
export async function getUnreadMessages(): Promise<number> {
  return UnreadMessagesAnswer.parse(await api.call('app/unread-messages')).unread;
}

/** A count this recent is not asked again when the header mounts (the layout's loader asked for it). */
export const JUST_ASKED_MS = 5_000;

// always stale: a tab coming back into focus asks again (a chat read in another tab sends no signal)
export const unreadMessagesQueryOptions = () =>
  queryOptions({
    queryKey: unreadMessagesKey,
    queryFn: getUnreadMessages,
    staleTime: 0,
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt >= JUST_ASKED_MS,
  });

export const useUnreadMessages = () => useQuery(unreadMessagesQueryOptions());
