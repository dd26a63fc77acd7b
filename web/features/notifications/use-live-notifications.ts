import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '@web/api/live-connection';
import { notificationsKey } from './api/get-notifications';

/** A notification frame (or a reconnect, after which some may have been missed) reloads the list. */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.type === 'notification' || event.type === 'reconnected') {
      void queryClient.invalidateQueries({ queryKey: notificationsKey });
    }
  });
}
