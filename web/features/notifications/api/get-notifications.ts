import { queryOptions, useQuery } from '@tanstack/react-query';
import { NotificationListAnswer, type NotificationAnswer } from '@common/notifications/schemas';
import { callPage } from '@web/api/client';

export const notificationsKey = ['notifications'] as const;
/** The cursor of the page after the newest one (null at the end), kept beside it by getNotifications. */
export const notificationsNextKey = ['notifications-next'] as const;

const newestFirst = (list: NotificationAnswer[]) =>
  list.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

/** GET app/notifications?cursor=, newest first: one page, and the `next-cursor` header. */
export async function getNotificationsPage(cursor?: string | null) {
  const { body, next } = await callPage('app/notifications', cursor);
  return { items: newestFirst(NotificationListAnswer.parse(body ?? [])), next };
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsKey,
    queryFn: async ({ client }) => {
      const { items, next } = await getNotificationsPage();
      client.setQueryData(notificationsNextKey, next);
      return items;
    },
  });

/** The newest page of my notifications (the bell, the count, the top of the list). */
export const useNotifications = () => useQuery(notificationsQueryOptions());

/** The cursor of the page after the newest one, or null when there is none. */
export const useNotificationsNext = () =>
  useQuery({
    queryKey: notificationsNextKey,
    queryFn: () => null as string | null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  }).data ?? null;

export const countUnviewed = (list: NotificationAnswer[] | undefined) =>
  list?.reduce((n, item) => (item.viewed ? n : n + 1), 0) ?? 0;
