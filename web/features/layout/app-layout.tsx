import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useLiveConnection } from '@web/api/live-connection';
import { RenderErrorBoundary } from '@web/components/error-panel';
import { PageLoading } from '@web/components/page-loading';
import { SiteFooter } from '@web/components/site-footer';
import { useWhoami } from '@web/features/session/api/get-whoami';
import { isSignedIn, loginPathFor } from '@web/features/session/roles';
import { NavigationProgress } from './navigation-progress';
import { SiteHeader } from './site-header';
import { skipLinkStyles } from '@web/components/link-styles';

/**
 * Shared layout: sticky header, main area, footer. The messages link and the
 * notifications menu are passed in by the router so this feature does not import others.
 */
export function AppLayout({
  messagesLink,
  notificationsMenu,
  notice,
}: {
  messagesLink: ReactNode;
  notificationsMenu: ReactNode;
  /** shown above every page (a moderator's warning to acknowledge) */
  notice?: ReactNode;
}) {
  const { data: whoami } = useWhoami();
  const location = useLocation();
  useLiveConnection(isSignedIn(whoami) ? (whoami.id ?? whoami._id ?? 'signed-in') : null);

  // The route loader signed the user in; a later whoami saying otherwise (session ended) goes to login.
  if (whoami && !isSignedIn(whoami)) {
    return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  }
  if (!whoami) return <PageLoading />;

  return (
    <div className="flex min-h-svh flex-col bg-stone-50">
      <a href="#main" className={skipLinkStyles}>
        Skip to main content
      </a>
      <NavigationProgress />
      <SiteHeader user={whoami} messagesLink={messagesLink} notificationsMenu={notificationsMenu} />
      <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none! sm:px-6 sm:py-10 lg:px-8">
        {notice}
        <RenderErrorBoundary key={location.pathname}>
          <Outlet />
        </RenderErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
