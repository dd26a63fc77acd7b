import type { Notification } from '../../db/schema';
import type { Actor } from '../auth/policy';

/**
 * DESIGN.md §5 Notifications (issue 16): a notification is its addressee's alone; nobody else
 * (an admin neither) lists it or marks it viewed, and it stays unknown to them (404).
 */
export const canViewNotification = (actor: Actor, notification: Pick<Notification, 'userId'>): boolean =>
  actor !== null && notification.userId === actor.id;
