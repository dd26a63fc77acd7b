import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationAnswer } from '@common/notifications/schemas';
import { api } from '@web/api/client';
import { notificationsKey } from './get-notifications';

/** GET app/notifications/view-all: marks every notification viewed. */
export const viewAllNotifications = () => api.call('app/notifications/view-all');

export function useViewAllNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: viewAllNotifications,
    onSuccess: () =>
      queryClient.setQueryData<NotificationAnswer[]>(notificationsKey, (list) =>
        list?.map((n) => (n.viewed ? n : { ...n, viewed: true })),
      ),
  });
}
