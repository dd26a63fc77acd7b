import { loadOnIntent } from '@web/app/load-on-intent';
import { NotificationsBellStandIn } from './notifications-bell-stand-in';

/**
 * The header's notifications menu (spec 01 §4): the bell with its live count from the first paint,
 * the menu itself (Headless UI) once the member reaches for it (issue 19 item 7).
 */
export const NotificationsMenu = loadOnIntent(
  async () => (await import('./notifications-bell')).NotificationsBell,
  NotificationsBellStandIn,
);
