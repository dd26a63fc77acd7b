import clsx from 'clsx';
import { BellIcon } from '@heroicons/react/24/outline';
import { menuButtonOpenStyles, roundIconButtonStyles } from '@web/components/icon-button-styles';

/**
 * The notifications bell as it looks before its count is known, for the first paint: the menu
 * itself (NotificationsBell, with Headless UI) loads just after it (web/app/after-first-paint.tsx).
 */
export function NotificationsBellStandIn() {
  return (
    <div className="relative">
      <button
        type="button"
        aria-label="Notifications"
        aria-haspopup="menu"
        aria-expanded="false"
        className={clsx(roundIconButtonStyles, 'relative', menuButtonOpenStyles)}
      >
        <BellIcon className="size-6" aria-hidden="true" />
      </button>
    </div>
  );
}
