import type { GroupAnswer } from '@common/groups/schemas';
import { renderPage } from '@web/testing/render-page';
import { routeFetch as routeFetchBy, sentTo as sentToBy, type Routes } from '@web/testing/route-fetch';
import type { GroupDetailsAnswer } from '@common/groups/schemas';
import type { MembershipRequest } from '../api/get-membership-requests';
import { CommunityPage } from '../community-page';
import { GroupPage } from '../group-page';

export const ME = '11111111-1111-4111-8111-111111111111';
export const HOST = '22222222-2222-4222-8222-222222222222';
export const GROUP_ID = '33333333-3333-4333-8333-333333333333';
export const TAG_CALM = '44444444-4444-4444-8444-444444444444';
export const TAG_SLEEP = '55555555-5555-4555-8555-555555555555';
export const TAGS = [
  { _id: TAG_CALM, text: 'Calm' },
  { _id: TAG_SLEEP, text: 'Sleep' },
];

export function buildGroup(overrides: Partial<GroupAnswer> = {}): GroupAnswer {
  return {
    _id: GROUP_ID,
    name: 'Morning Sit Circle',
    description: 'We sit together at dawn.',
    category: 'Meditation',
    coverPhoto: null,
    thumbnail: null,
    owner: { _id: HOST, name: 'Maya Host', profilePicture: null },
    members: 3,
    isPrivate: false,
    isHidden: false,
    allowAnonymous: false,
    memberCap: null,
    tags: [],
    membershipStatus: 'none',
    isOwner: false,
    isFull: false,
    ...overrides,
  };
}

const person = (n: number, name: string) => ({
  _id: `66666666-6666-4666-8666-${String(n).padStart(12, '0')}`,
  name,
  profilePicture: null,
});

export function buildDetails(group: GroupAnswer, memberCount = group.members): GroupDetailsAnswer {
  const members = [person(1, 'Maya Host'), person(2, 'Sam Rivers'), person(3, 'Ana Lopez')].slice(
    0,
    Math.min(3, memberCount),
  );
  return {
    group: { ...group, members: memberCount },
    membershipRequest: group.isOwner ? null : { _id: 'm-me', status: 'approved', requestText: '' },
    members,
    memberCount,
    groupOwner: group.owner,
  };
}

export function buildRequest(n: number, name: string, overrides: Partial<MembershipRequest> = {}): MembershipRequest {
  return {
    _id: `77777777-7777-4777-8777-${String(n).padStart(12, '0')}`,
    user: { _id: person(10 + n, name)._id, name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` },
    status: 'pending',
    requestText: '',
    ...overrides,
  };
}

const whoami = { 'GET auth/whoami': { status: 200, body: { isLoggedIn: true, streak: 1, id: ME, name: 'Me' } } };

/** Replaces global fetch with exact `METHOD path?query` answers (the group lists' queries matter). */
export const routeFetchExact = (routes: Routes) => routeFetchBy(routes);
export const sentToExact = (fetchMock: ReturnType<typeof routeFetchBy>, key: string) => sentToBy(fetchMock, key);

/** Replaces global fetch, query strings ignored; whoami answers as ME (not an admin). */
export const routeFetch = (routes: Routes) => routeFetchBy({ ...whoami, ...routes }, { ignoreQuery: true });
export const sentTo = (fetchMock: ReturnType<typeof routeFetchBy>, key: string) =>
  sentToBy(fetchMock, key, { ignoreQuery: true });

/** The URLs (path and query) fetched for `METHOD path`, in order. */
export const urlsOf = (fetchMock: ReturnType<typeof routeFetchBy>, method: string, path: string) =>
  fetchMock.mock.calls
    .filter(
      ([url, init]) =>
        (init?.method ?? 'GET') === method &&
        String(url)
          .replace(/^\/api\//, '')
          .split('?')[0] === path,
    )
    .map(([url]) => String(url).replace(/^\/api\//, ''));

export const openCommunity = (url = '/community') => renderPage(<CommunityPage />, { path: '/community', url });
export const openGroup = (url = `/group/${GROUP_ID}`) => renderPage(<GroupPage />, { path: '/group/:id', url });
