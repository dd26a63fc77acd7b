import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import clsx from 'clsx';
import { Bars3Icon } from '@heroicons/react/24/outline';
import { TendLogo } from '@web/components/tend-logo';
import type { SignedInUser } from '@web/features/session/roles';
import { loadOnIntent } from '@web/app/load-on-intent';
import { HeaderMenuStandIn } from './header-menu-stand-in';
import { adminEntry, logoutEntry, primaryNav, profileNav, showsAdminPortal } from './navigation';
import { UserAvatar, displayName } from './user-avatar';
import { roundIconButtonStyles } from '@web/components/icon-button-styles';

// the account menu (Headless UI) loads when reached for, its button drawn until then
const HeaderMenu = loadOnIntent(async () => (await import('./header-menu')).HeaderMenu, HeaderMenuStandIn);
// the side menu (a Headless UI dialog) is not on the way to a first paint; it loads on first intent
const MobileMenu = lazy(async () => ({ default: (await import('./mobile-menu')).MobileMenu }));

/**
 * Shared layout: the sticky header with role-specific navigation. The messages link
 * and the notifications menu come from their features (through the router).
 */
export function SiteHeader({
  user,
  messagesLink,
  notificationsMenu,
}: {
  user: SignedInUser;
  messagesLink: ReactNode;
  notificationsMenu: ReactNode;
}) {
  const [mobileOpen, setMobileOpen] = useState(false);
  // Mounted (closed) at the first sign of intent (pointer down, focus) so that its module has
  // loaded by the click that opens it; then it stays mounted.
  const [mobileMenuWanted, setMobileMenuWanted] = useState(false);
  const wantMobileMenu = () => setMobileMenuWanted(true);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMobileMenu = () => {
    if (!mobileOpen) return; // e.g. a navigation while it is closed
    setMobileOpen(false);
    // Headless UI gives focus back from a focus history that starts when its module loads, which
    // can be after this button got focus: then focus is left on the page body, and goes back here.
    setTimeout(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) menuButton.current?.focus();
    });
  };
  const AdminIcon = adminEntry.icon;

  return (
    <header
      className={clsx(
        'sticky top-0 z-40',
        'border-b border-stone-200 bg-white/95 backdrop-blur',
        'supports-[backdrop-filter]:bg-white/80',
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-6 md:gap-4 md:px-4 lg:px-8">
        <button
          type="button"
          onPointerDown={wantMobileMenu}
          onFocus={wantMobileMenu}
          onClick={() => {
            wantMobileMenu();
            setMobileOpen(true);
          }}
          ref={menuButton}
          aria-label="Open menu"
          aria-expanded={mobileOpen}
          className={clsx(roundIconButtonStyles, '-ml-1 md:hidden')}
        >
          <Bars3Icon className="size-6" aria-hidden="true" />
        </button>

        {/* a long site name gives way (truncated) before the icons on the right do */}
        <Link to="/" className="flex min-w-0 rounded-lg">
          <TendLogo />
        </Link>

        <nav aria-label="Main" className="hidden shrink-0 md:block">
          <ul className="flex items-center gap-1">
            {primaryNav(user).map((entry) => (
              <li key={entry.to}>
                <NavLink
                  to={entry.to}
                  end={entry.end}
                  className={({ isActive }) =>
                    clsx(
                      'block whitespace-nowrap rounded-lg px-2.5 py-2 text-sm font-medium transition-colors lg:px-3',
                      isActive
                        ? 'bg-brand-50 text-brand-800'
                        : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900',
                    )
                  }
                >
                  {entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex shrink-0 items-center gap-1">
          {showsAdminPortal(user) && (
            <Link
              to={adminEntry.to}
              className={clsx(
                'mr-1 hidden items-center gap-1.5 px-2.5 py-1.5',
                'rounded-lg border border-brand-700 text-sm font-semibold text-brand-800',
                'hover:bg-brand-50 md:inline-flex',
              )}
            >
              <AdminIcon className="size-5" aria-hidden="true" />
              <span className="sr-only lg:not-sr-only">{adminEntry.label}</span>
            </Link>
          )}
          {messagesLink}
          {notificationsMenu}
          <div className="hidden md:block">
            <HeaderMenu
              buttonLabel="Open user menu"
              button={<UserAvatar user={user} />}
              heading={
                <div className="mb-2 border-b border-stone-200 px-4 pb-3 pt-1">
                  <p className="truncate text-sm font-semibold text-stone-900">{displayName(user)}</p>
                  {user.username && <p className="truncate text-xs text-stone-500">@{user.username}</p>}
                </div>
              }
              entries={profileNav(user)}
              footer={[logoutEntry]}
              installEntry
            />
          </div>
        </div>
      </div>

      {mobileMenuWanted && (
        <Suspense fallback={null}>
          <MobileMenu user={user} open={mobileOpen} onClose={closeMobileMenu} />
        </Suspense>
      )}
    </header>
  );
}
