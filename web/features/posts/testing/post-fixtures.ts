import { routeFetch as routeFetchBy, sentTo as sentToBy, type Routes } from '@web/testing/route-fetch';
import type { PostAnswer } from '@common/posts/schemas';

export const ME = '11111111-1111-4111-8111-111111111111';
export const SOMEONE = '22222222-2222-4222-8222-222222222222';

let postCount = 0;
export function buildPost(overrides: Partial<PostAnswer> = {}): PostAnswer {
  postCount += 1;
  return {
    _id: `p0000000-0000-4000-8000-${String(postCount).padStart(12, '0')}`,
    user: { _id: SOMEONE, name: 'Rowan', profilePicture: null, isFacilitator: false },
    text: 'Morning breath work',
    media: null,
    mediaType: null,
    photos: [],
    postedDate: new Date(Date.now() - 3 * 60_000).toISOString(),
    hits: 0,
    hearts: [],
    comments: 0,
    group: null,
    anonymous: false,
    edited: false,
    ...overrides,
  };
}

/** Replaces global fetch (query strings ignored); whoami answers as ME unless given; unknown calls answer 404. */
export const routeFetch = (routes: Routes) =>
  routeFetchBy(
    { 'GET auth/whoami': { status: 200, body: { isLoggedIn: true, streak: 1, id: ME, name: 'Me' } }, ...routes },
    { ignoreQuery: true },
  );

/** The bodies sent to `METHOD path`, in order. */
export const sentTo = (fetchMock: ReturnType<typeof routeFetch>, key: string) =>
  sentToBy(fetchMock, key, { ignoreQuery: true });
