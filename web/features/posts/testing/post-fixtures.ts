import { vi } from 'vitest';
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
    ...overrides,
  };
}

type Answer = { status: number; body?: unknown };
/** 'GET app/inspiration' (query string ignored) -> an answer, or a function of the request body. */
export type Routes = Record<string, Answer | ((body: unknown) => Answer)>;

const keyOf = (url: string, init?: RequestInit) => `${init?.method ?? 'GET'} ${String(url).replace(/^\/api\//, '').split('?')[0]}`;

/** Replaces global fetch; whoami answers as ME unless given; unknown calls answer 404. */
export function routeFetch(routes: Routes) {
  const all: Routes = { 'GET auth/whoami': { status: 200, body: { isLoggedIn: true, streak: 1, id: ME, name: 'Me' } }, ...routes };
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const route = all[keyOf(url, init)];
    const answer = typeof route === 'function' ? route(body) : (route ?? { status: 404, body: { error: 'Not found' } });
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The bodies sent to `METHOD path`, in order. */
export function sentTo(fetchMock: ReturnType<typeof routeFetch>, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => keyOf(url, init) === key)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
}
