import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RouteErrorFallback } from '@web/components/error-panel';
import { NOT_ALLOWED_STATUS } from '@web/features/session/session-loaders';
import { NotAllowedPage } from './not-allowed-page';

/** The admin route's errorElement: the guard's 403 becomes 'You are not allowed here'. */
export function AdminRouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === NOT_ALLOWED_STATUS) return <NotAllowedPage />;
  return <RouteErrorFallback />;
}
