import { loadOnIntent } from '@web/app/load-on-intent';
import { NotificationsBellStandIn } from './notifications-bell-stand-in';

/**
 * The header's notifications menu: the bell with its live count from the first paint,
 * the menu itself (Headless UI) once the member reaches for it.
 */
export const NotificationsMenu = loadOnIntent(
  async () => (await import('./notifications-bell')).NotificationsBell,
  NotificationsBellStandIn,
);
