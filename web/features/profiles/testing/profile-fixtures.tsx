import type { PublicProfileAnswer } from '@common/profiles/schemas';
import { Toaster } from 'sonner';
import { renderPage } from '@web/testing/render-page';
import { routeFetch as routeFetchBy, type Routes } from '@web/testing/route-fetch';
import { ProfilePage } from '../profile-page';

export const ME = '11111111-1111-4111-8111-111111111111';
export const MAYA = '22222222-2222-4222-8222-222222222222';

export const buildProfile = (overrides: Partial<PublicProfileAnswer> = {}): PublicProfileAnswer => ({
  _id: MAYA,
  name: 'Maya Host',
  username: 'maya',
  bio: 'Breath teacher.',
  facilitatorCategory: 'Breathwork',
  profilePicture: null,
  isFacilitator: true,
  dateJoined: '2025-01-05T10:00:00.000Z',
  canMessage: false,
  ...overrides,
});

export const sam = buildProfile({
  _id: ME,
  name: 'Sam Rivers',
  username: 'sam',
  bio: '',
  facilitatorCategory: '',
  isFacilitator: false,
});

const emptyLists = (id: string): Routes => ({
  [`GET app/facilitator/${id}/posts`]: { status: 200, body: { posts: [], next: null } },
  [`GET app/facilitator/${id}/groups`]: { status: 200, body: [] },
  [`GET app/facilitator/${id}/tiers`]: { status: 200, body: [] },
  [`GET app/facilitator/${id}/sessions`]: { status: 200, body: [] },
});

/** Signed in as Sam (a member); every list empty unless `routes` says otherwise. */
export const routeFetch = (routes: Routes = {}) =>
  routeFetchBy(
    {
      'GET auth/whoami': {
        status: 200,
        body: { isLoggedIn: true, streak: 1, id: ME, name: 'Sam Rivers', isFacilitator: false },
      },
      'GET app/subscriptions': { status: 200, body: [] },
      'GET app/user-sessions': { status: 200, body: [] },
      'GET app/notifications': { status: 200, body: [] },
      ...emptyLists('own'),
      ...emptyLists(MAYA),
      ...routes,
    },
    { ignoreQuery: true },
  );

export const openProfile = (url = `/profile/${MAYA}`) =>
  renderPage(
    <>
      <ProfilePage />
      <Toaster />
    </>,
    { path: url.startsWith('/profile/') ? '/profile/:id' : '/profile', url },
  );
