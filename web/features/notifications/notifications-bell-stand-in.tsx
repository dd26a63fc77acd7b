import { BellIcon } from '@heroicons/react/24/outline';
import { ClosedMenuButton } from '@web/components/closed-menu-button';
import { UnviewedBadge } from './unviewed-badge';
import { useUnviewedNotifications } from './use-unviewed-notifications';

/**
 * The notifications bell with its badge, before its menu has loaded: the menu (NotificationsBell,
 * with Headless UI) loads when the member reaches for the bell (web/app/load-on-intent.tsx), and
 * the count (in its badge and its name) stays live meanwhile.
 */
export function NotificationsBellStandIn() {
  const { unviewed, bellName } = useUnviewedNotifications();
  return (
    <ClosedMenuButton label={bellName} className="relative">
      <BellIcon className="size-6" aria-hidden="true" />
      <UnviewedBadge count={unviewed} />
    </ClosedMenuButton>
  );
}
