import { countedName } from '@web/components/count-badge';
import { countUnviewed, useNotifications } from './api/get-notifications';
import { useLiveNotifications } from './use-live-notifications';
import { useRefetchNotificationsOnRouteChange } from './use-refetch-on-route-change';

/**
 * The bell's list and its count of unviewed ones, kept fresh (on every route change
 * and on a live notification), for the bell drawn before its menu has loaded and for the menu:
 * `bellName` is the bell's name, with the count its badge shows ('Notifications, 3 unread').
 */
export function useUnviewedNotifications() {
  useRefetchNotificationsOnRouteChange();
  useLiveNotifications();
  const { data } = useNotifications();
  const unviewed = countUnviewed(data);
  return { notifications: data, unviewed, bellName: countedName('Notifications', unviewed) };
}
