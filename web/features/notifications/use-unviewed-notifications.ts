import { useId } from 'react';
import { countUnviewed, useNotifications } from './api/get-notifications';
import { useLiveNotifications } from './use-live-notifications';
import { useRefetchNotificationsOnRouteChange } from './use-refetch-on-route-change';

/**
 * The bell's list and its count of unviewed ones, kept fresh (on every route change
 * and on a live notification), for the bell drawn before its menu has loaded and for the menu:
 * `countId` names the badge's read-out count (UnviewedBadge), which describes the bell
 * (`describedBy`) while there is one.
 */
export function useUnviewedNotifications() {
  useRefetchNotificationsOnRouteChange();
  useLiveNotifications();
  const { data } = useNotifications();
  const unviewed = countUnviewed(data);
  const countId = useId();
  return { notifications: data, unviewed, countId, describedBy: unviewed > 0 ? countId : undefined };
}
