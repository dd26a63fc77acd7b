import { type ReactNode, useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { DialogTitle } from '@headlessui/react';
import clsx from 'clsx';
import { XMarkIcon } from '@heroicons/react/24/outline';
import { SideDrawer } from '@web/components/side-drawer';
import { TendLogo } from '@web/components/tend-logo';
import type { SignedInUser } from '@web/features/session/roles';
import {
  adminEntry,
  logoutEntry,
  messagesEntry,
  notificationsEntry,
  primaryNav,
  profileNav,
  showsAdminPortal,
  type NavEntry,
} from './navigation';
import { UserAvatar, displayName } from './user-avatar';
import { InstallAppMenuButton } from './install-app';
import { roundIconButtonStyles } from '@web/components/icon-button-styles';

/** Below md, a side menu repeats every header entry. */
export function MobileMenu({ user, open, onClose }: { user: SignedInUser; open: boolean; onClose: () => void }) {
  useCloseOnNavigation(onClose);

  return (
    <SideDrawer open={open} onClose={onClose} className="md:hidden" panelClassName="overflow-y-auto">
      <div className="flex h-16 items-center justify-between border-b border-stone-200 px-4">
        <DialogTitle as="div" className="flex min-w-0">
          <TendLogo />
          <span className="sr-only">Menu</span>
        </DialogTitle>
        <button type="button" onClick={onClose} aria-label="Close menu" className={roundIconButtonStyles}>
          <XMarkIcon className="size-6" aria-hidden="true" />
        </button>
      </div>

      <div className="flex items-center gap-3 border-b border-stone-200 px-4 py-4">
        <UserAvatar user={user} className="size-10 text-base" />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-stone-900">{displayName(user)}</p>
          {user.username && <p className="truncate text-xs text-stone-500">@{user.username}</p>}
        </div>
      </div>

      <nav aria-label="Mobile" className="flex flex-1 flex-col gap-6 px-3 py-4">
        <MobileSection entries={[...primaryNav(user), messagesEntry, notificationsEntry]} onNavigate={onClose} />
        {showsAdminPortal(user) && <MobileSection entries={[adminEntry]} onNavigate={onClose} />}
        <MobileSection title="Account" entries={profileNav(user)} closing={[logoutEntry]} onNavigate={onClose}>
          <InstallAppMenuButton onInstalling={onClose} />
        </MobileSection>
      </nav>
    </SideDrawer>
  );
}

function MobileSection({
  title,
  entries,
  onNavigate,
  children,
  closing = [],
}: {
  title?: string;
  entries: NavEntry[];
  onNavigate: () => void;
  /** list items that are not links (the install entry), after the links */
  children?: ReactNode;
  /** links after it (Logout) */
  closing?: NavEntry[];
}) {
  return (
    <div>
      {title && <p className="px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-stone-500">{title}</p>}
      <ul className="space-y-1">
        {entries.map((entry) => (
          <MobileLink key={entry.to} entry={entry} onNavigate={onNavigate} />
        ))}
        {children}
        {closing.map((entry) => (
          <MobileLink key={entry.to} entry={entry} onNavigate={onNavigate} />
        ))}
      </ul>
    </div>
  );
}

function MobileLink({ entry, onNavigate }: { entry: NavEntry; onNavigate: () => void }) {
  const Icon = entry.icon;
  return (
    <li>
      <NavLink
        to={entry.to}
        end={entry.end}
        onClick={onNavigate}
        className={({ isActive }) =>
          clsx(
            'flex items-center gap-3 rounded-lg px-3 py-2.5 text-base font-medium',
            isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
          )
        }
      >
        {({ isActive }) => (
          <>
            <Icon
              className={clsx('size-5 shrink-0', isActive ? 'text-brand-700' : 'text-stone-400')}
              aria-hidden="true"
            />
            {entry.label}
          </>
        )}
      </NavLink>
    </li>
  );
}

/** Back/forward while the menu is open must not leave it covering the new page. */
function useCloseOnNavigation(onClose: () => void) {
  const { key } = useLocation();
  const lastKey = useRef(key);
  useEffect(() => {
    if (key === lastKey.current) return;
    lastKey.current = key;
    onClose();
  }, [key, onClose]);
}
