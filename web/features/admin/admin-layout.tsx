import { useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import clsx from 'clsx';
import {
  ArrowLeftIcon,
  ArrowRightStartOnRectangleIcon,
  Bars3Icon,
  ClipboardDocumentListIcon,
  ArchiveBoxArrowDownIcon,
  Cog6ToothIcon,
  TagIcon,
  UserGroupIcon,
  UsersIcon,
  XMarkIcon,
  IdentificationIcon,
  ShieldCheckIcon,
} from '@heroicons/react/24/outline';
import { RenderErrorBoundary } from '@web/components/error-panel';
import { SideDrawer } from '@web/components/side-drawer';
import { useBrand } from '@web/components/brand';
import { TendLogo } from '@web/components/tend-logo';
import { skipLinkStyles } from '@web/components/link-styles';

/** Admin layout: sidebar entries (and the audit log). */
const ADMIN_ENTRIES = [
  { label: 'Users', to: '/admin', icon: UsersIcon },
  { label: 'Facilitators', to: '/admin/facilitators', icon: IdentificationIcon },
  { label: 'Groups', to: '/admin/groups', icon: UserGroupIcon },
  { label: 'Tags', to: '/admin/tags', icon: TagIcon },
  // who changed what, when
  { label: 'Audit Log', to: '/admin/audit', icon: ClipboardDocumentListIcon },
  // every open report, messages and profiles included, and the moderation log
  { label: 'Moderation', to: '/admin/moderation', icon: ShieldCheckIcon },
  // name, logo, accent colour, sender, Terms/Privacy/Contact
  { label: 'Site settings', to: '/admin/site', icon: Cog6ToothIcon },
  // the whole site as one archive
  { label: 'Export', to: '/admin/export', icon: ArchiveBoxArrowDownIcon },
];

/** An entry is active when the current path ends with the entry's path. */
const isActiveEntry = (pathname: string, to: string) => pathname.replace(/\/+$/, '').endsWith(to);

/** The admin area's frame: a fixed sidebar on large screens, a slide-over below lg. */
export function AdminLayout() {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const location = useLocation();
  const lastKey = useRef(location.key);
  useEffect(() => {
    if (location.key === lastKey.current) return;
    lastKey.current = location.key;
    setSidebarOpen(false);
  }, [location.key]);

  return (
    <div className="min-h-svh bg-stone-50">
      {/* WCAG 2.4.1: past the sidebar's links straight to the page */}
      <a href="#main" className={skipLinkStyles}>
        Skip to main content
      </a>
      <SideDrawer open={sidebarOpen} onClose={setSidebarOpen} className="lg:hidden" label="Admin navigation">
        <button
          type="button"
          onClick={() => setSidebarOpen(false)}
          aria-label="Close sidebar"
          className={clsx(
            'absolute right-3 top-3 flex size-10 items-center justify-center',
            'rounded-full text-stone-600',
            'hover:bg-stone-100',
          )}
        >
          <XMarkIcon className="size-6" aria-hidden="true" />
        </button>
        <SidebarContent pathname={location.pathname} />
      </SideDrawer>

      <aside className="hidden border-r border-stone-200 bg-white lg:fixed lg:inset-y-0 lg:flex lg:w-64 lg:flex-col">
        <SidebarContent pathname={location.pathname} />
      </aside>

      <div className="lg:pl-64">
        <div
          className={clsx(
            'sticky top-0 z-40 flex h-16 items-center gap-3 px-3',
            'border-b border-stone-200 bg-white lg:hidden',
          )}
        >
          <button
            type="button"
            onClick={() => setSidebarOpen(true)}
            aria-label="Open sidebar"
            aria-expanded={sidebarOpen}
            className="flex size-10 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100"
          >
            <Bars3Icon className="size-6" aria-hidden="true" />
          </button>
          <TendLogo className="min-w-0" />
          <span className="shrink-0 rounded-md bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-600">
            Admin
          </span>
        </div>
        <main id="main" tabIndex={-1} className="px-4 py-6 outline-none! sm:px-6 sm:py-10 lg:px-8">
          <RenderErrorBoundary key={location.pathname}>
            <Outlet />
          </RenderErrorBoundary>
        </main>
      </div>
    </div>
  );
}

function SidebarContent({ pathname }: { pathname: string }) {
  const { siteName } = useBrand();
  return (
    <div className="flex h-full flex-col gap-6 overflow-y-auto px-4 py-5">
      <Link to="/admin" className="flex min-w-0 max-w-full items-center gap-2 self-start rounded-lg">
        <TendLogo />
        <span className="shrink-0 rounded-md bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-600">Admin</span>
      </Link>
      <nav aria-label="Admin" className="flex flex-1 flex-col">
        <ul className="space-y-1">
          {ADMIN_ENTRIES.map((entry) => {
            const active = isActiveEntry(pathname, entry.to);
            const Icon = entry.icon;
            return (
              <li key={entry.to}>
                <Link
                  to={entry.to}
                  aria-current={active ? 'page' : undefined}
                  className={clsx(
                    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
                    active ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
                  )}
                >
                  <Icon className={clsx('size-5', active ? 'text-brand-700' : 'text-stone-400')} aria-hidden="true" />
                  {entry.label}
                </Link>
              </li>
            );
          })}
        </ul>
        <ul className="mt-auto space-y-1 border-t border-stone-200 pt-4">
          <li>
            <Link
              to="/"
              className={clsx(
                'flex items-center gap-3 px-3 py-2',
                'rounded-lg text-sm font-medium text-stone-700',
                'hover:bg-stone-100',
              )}
            >
              <ArrowLeftIcon className="size-5 text-stone-400" aria-hidden="true" />
              Back to {siteName}
            </Link>
          </li>
          <li>
            <Link
              to="/logout"
              className={clsx(
                'flex items-center gap-3 px-3 py-2',
                'rounded-lg text-sm font-medium text-stone-700',
                'hover:bg-stone-100',
              )}
            >
              <ArrowRightStartOnRectangleIcon className="size-5 text-stone-400" aria-hidden="true" />
              Logout
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
