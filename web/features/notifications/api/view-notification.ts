import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationAnswer } from '@common/notifications/schemas';
import { api } from '@web/api/client';
import { notificationsKey } from './get-notifications';

/** GET app/notifications/view/{id}: marks one notification viewed. */
export const viewNotification = (id: string) => api.call(`app/notifications/view/${encodeURIComponent(id)}`);

export function useViewNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: viewNotification,
    // Shown as read at once; the server's answer arrives with the next refetch.
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationsKey });
      queryClient.setQueryData<NotificationAnswer[]>(notificationsKey, (list) =>
        list?.map((n) => (n._id === id ? { ...n, viewed: true } : n)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
