import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarFeedAnswer } from '@common/calendar-feed/schemas';
import { api } from '@web/api/client';

const calendarFeedKey = ['calendar-feed'] as const;
const OFF: CalendarFeedAnswer = { enabled: false, url: null, webcalUrl: null, createdAt: null };

/** GET app/calendar-feed: my feed's address, or that it is off. */
export const useCalendarFeed = () =>
  useQuery({
    queryKey: calendarFeedKey,
    queryFn: async () => CalendarFeedAnswer.parse(await api.call('app/calendar-feed')),
  });

/** POST app/calendar-feed: turns the feed on, or gives it a new address (the old one stops working). */
export function useIssueCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => CalendarFeedAnswer.parse(await api.call('app/calendar-feed', {})),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKey, feed),
  });
}

/** DELETE app/calendar-feed: turns the feed off. */
export function useTurnOffCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.removeOrThrow('app/calendar-feed'),
    onSuccess: () => queryClient.setQueryData(calendarFeedKey, OFF),
  });
}
