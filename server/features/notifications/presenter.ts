import type { NotificationAnswer } from '../../../common/notifications/schemas';
import type { Notification } from '../../db/schema';

export const presentNotification = (n: Notification): NotificationAnswer => ({
  _id: n.id,
  message: n.message,
  link: n.link,
  viewed: n.viewed,
  createdAt: n.createdAt.toISOString(),
});
