import { queryOptions, useQuery } from '@tanstack/react-query';
import { NotificationListAnswer, type NotificationAnswer } from '@common/notifications/schemas';
import { api } from '@web/api/client';

export const notificationsKey = ['notifications'] as const;

/** GET app/notifications (spec 01 §7), newest first. */
export async function getNotifications(): Promise<NotificationAnswer[]> {
  const list = NotificationListAnswer.parse((await api.call('app/notifications')) ?? []);
  return list.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export const notificationsQueryOptions = () => queryOptions({ queryKey: notificationsKey, queryFn: getNotifications });

export const useNotifications = () => useQuery(notificationsQueryOptions());

export const countUnviewed = (list: NotificationAnswer[] | undefined) =>
  list?.reduce((n, item) => (item.viewed ? n : n + 1), 0) ?? 0;
