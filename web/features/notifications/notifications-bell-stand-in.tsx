import { BellIcon } from '@heroicons/react/24/outline';
import { ClosedMenuButton } from '@web/components/closed-menu-button';

/**
 * The notifications bell as it looks before its count is known, for the first paint: the menu
 * itself (NotificationsBell, with Headless UI) loads just after it (web/app/after-first-paint.tsx).
 */
export function NotificationsBellStandIn() {
  return (
    <ClosedMenuButton label="Notifications" className="relative">
      <BellIcon className="size-6" aria-hidden="true" />
    </ClosedMenuButton>
  );
}
