import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { BellIcon } from '@heroicons/react/24/outline';
import clsx from 'clsx';
import { menuItemActiveStyles, menuPanelStyles } from '@web/components/menu-styles';
import type { NotificationAnswer } from '@common/notifications/schemas';
import { useViewAllNotifications } from './api/view-all-notifications';
import { useViewNotification } from './api/view-notification';
import { notificationTarget } from './notification-target';
import { NotificationTime } from './notification-time';
import { roundIconButtonStyles } from '@web/components/icon-button-styles';
import { menuButtonOpenStyles } from '@web/components/icon-button-styles';
import { UnviewedBadge } from './unviewed-badge';
import { useUnviewedNotifications } from './use-unviewed-notifications';

/** The header's notifications menu: unviewed ones in bold, a badge with their count (also in its name). */
export function NotificationsBell() {
  const { notifications: data, unviewed, bellName } = useUnviewedNotifications();

  return (
    <Menu as="div" className="relative">
      <MenuButton aria-label={bellName} className={clsx(roundIconButtonStyles, 'relative', menuButtonOpenStyles)}>
        <BellIcon className="size-6" aria-hidden="true" />
        <UnviewedBadge count={unviewed} />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 8, padding: 8 }}
        transition
        className={clsx('z-50 w-[min(22rem,calc(100vw-1rem))]', menuPanelStyles)}
      >
        <BellMenuContent notifications={data} />
      </MenuItems>
    </Menu>
  );
}

const unviewedOf = (list: NotificationAnswer[] | undefined) => list?.filter((n) => !n.viewed);

/** Mounted while the menu is open: opening it marks all viewed, yet this view keeps them bold. */
function BellMenuContent({ notifications }: { notifications: NotificationAnswer[] | undefined }) {
  const [shown, setShown] = useState(() => unviewedOf(notifications));
  if (shown === undefined && notifications) setShown(unviewedOf(notifications));

  const { mutate: viewAll } = useViewAllNotifications();
  const { mutate: viewOne } = useViewNotification();
  const calledViewAll = useRef(false);
  useEffect(() => {
    if (calledViewAll.current) return;
    calledViewAll.current = true;
    viewAll();
  }, [viewAll]);

  return (
    <>
      <p className="px-4 pb-2 pt-1 text-xs font-semibold uppercase tracking-wide text-stone-500">Notifications</p>
      {shown === undefined ? (
        <p className="px-4 py-3 text-sm text-stone-600">Loading…</p>
      ) : shown.length === 0 ? (
        <p className="px-4 py-3 text-sm text-stone-600">No new notifications</p>
      ) : (
        <div className="max-h-80 overflow-y-auto">
          {shown.map((n) => (
            <MenuItem key={n._id}>
              <Link
                to={notificationTarget(n.link)}
                onClick={() => viewOne(n._id)}
                className={clsx('flex gap-3 px-4 py-2.5', menuItemActiveStyles)}
              >
                <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-700" />
                <span className="min-w-0 flex-1">
                  <span className="line-clamp-2 text-sm font-semibold text-stone-900">{n.message}</span>
                  <NotificationTime createdAt={n.createdAt} className="mt-0.5 block text-xs text-stone-500" />
                </span>
              </Link>
            </MenuItem>
          ))}
        </div>
      )}
      <MenuSeparator className="my-2 h-px bg-stone-200" />
      <MenuItem>
        <Link
          to="/notifications"
          className={clsx(
            'mx-2 block rounded-lg px-2 py-2 text-center text-sm font-semibold text-brand-700',
            menuItemActiveStyles,
          )}
        >
          View All Notifications
        </Link>
      </MenuItem>
    </>
  );
}
