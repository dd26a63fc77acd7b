import type { QueryClient } from '@tanstack/react-query';
import { data, redirect } from 'react-router';
import { whoamiQueryOptions } from './api/get-whoami';
import { isAdmin, isFacilitator, isSignedIn, loginPathFor, type SignedInUser } from './roles';

/** Route guards for loaders: they read whoami through the query cache and throw redirects. */

export const NOT_ALLOWED_STATUS = 403;

export async function requireSignedIn(queryClient: QueryClient, request: Request): Promise<SignedInUser> {
  const whoami = await queryClient.fetchQuery(whoamiQueryOptions());
  if (!isSignedIn(whoami)) {
    const url = new URL(request.url);
    throw redirect(loginPathFor(url.pathname + url.search));
  }
  return whoami;
}

/** Facilitators visiting the member daily practice or past practices go to /dashboard. */
export async function requireMember(queryClient: QueryClient, request: Request): Promise<SignedInUser> {
  const user = await requireSignedIn(queryClient, request);
  if (isFacilitator(user)) throw redirect('/dashboard');
  return user;
}

/** Admin area: signed out -> /login; signed in but not an admin -> a 403 the route shows as 'not allowed'. */
export async function requireAdmin(queryClient: QueryClient, request: Request): Promise<SignedInUser> {
  const user = await requireSignedIn(queryClient, request);
  if (!isAdmin(user)) throw data('You are not allowed here', { status: NOT_ALLOWED_STATUS, statusText: 'Forbidden' });
  return user;
}

/** Facilitator screens (program, dashboard): members are sent to their daily practice. */
export async function requireFacilitator(queryClient: QueryClient, request: Request): Promise<SignedInUser> {
  const user = await requireSignedIn(queryClient, request);
  if (!isFacilitator(user)) throw redirect('/');
  return user;
}
