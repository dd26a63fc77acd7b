import { vi } from 'vitest';

export type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
/**
 * 'GET app', 'POST app/tier', 'DELETE app/tier/{id}' -> an answer, or a function of the request
 * body (which may return a promise, to hold the answer back).
 */
export type Routes = Record<string, Answer | ((body: unknown) => Answer | Promise<Answer>)>;

type Options = { ignoreQuery?: boolean };

const keyOf = (url: string, init: RequestInit | undefined, { ignoreQuery }: Options) => {
  const path = String(url).replace(/^\/api\//, '');
  return `${init?.method ?? 'GET'} ${ignoreQuery ? path.split('?')[0] : path}`;
};
const bodyOf = (init?: RequestInit) => (init?.body ? JSON.parse(String(init.body)) : undefined);

/** Replaces global fetch with answers looked up by method and path; unknown calls answer 404. */
export function routeFetch(routes: Routes, options: Options = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const route = routes[keyOf(url, init, options)];
    const answer =
      typeof route === 'function'
        ? await route(bodyOf(init))
        : (route ?? { status: 404, body: { error: 'Not found' } });
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The bodies sent to `METHOD path`, in order. */
export function sentTo(fetchMock: ReturnType<typeof routeFetch>, key: string, options: Options = {}): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => keyOf(url, init, options) === key)
    .map(([, init]) => bodyOf(init));
}
