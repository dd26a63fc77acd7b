import { vi } from 'vitest';
import type { ServerPage } from '@common/admin/schemas';

type Row = { _id: string } & Record<string, unknown>;
type Answer = { status: number; body?: unknown };

type Options = {
  /**
   * How `DELETE /api/{path}/{id}` answers; by default the row goes and the answer is 200. Return
   * a 4xx answer to refuse the delete.
   */
  remove?: (id: string) => Answer | undefined;
  /** Answers to other calls the screen makes, by 'METHOD path' ('GET admin/group/{id}'). */
  routes?: Record<string, Answer>;
};

/**
 * A stand-in for a keyset-paged list at GET /api/{path}: sorts on `sort`/`dir` (by id, newest
 * first, when unsorted), filters on `search` (any text field), pages with `after`/`before` row-id
 * cursors, and answers `{ items, total, nextCursor, prevCursor }`; DELETE /api/{path}/{id} removes a row.
 */
export function fakeKeysetServer<T extends Row>(path: string, initialRows: T[], { remove, routes = {} }: Options = {}) {
  let rows = [...initialRows];
  const answer = (url: URL): ServerPage<T> => {
    const q = url.searchParams;
    const limit = Number(q.get('limit'));
    const sort = q.get('sort');
    const desc = q.get('dir') === 'desc';
    const search = q.get('search')?.toLowerCase();
    const matching = rows.filter((r) => !search || Object.values(r).some((v) => typeof v === 'string' && v.toLowerCase().includes(search)));
    const ordered = [...matching].sort((a, b) => {
      if (!sort) return b._id.localeCompare(a._id);
      const order = String(a[sort]).localeCompare(String(b[sort]), undefined, { numeric: true }) || a._id.localeCompare(b._id);
      return desc ? -order : order;
    });
    const indexOf = (cursor: string) => ordered.findIndex((r) => r._id === cursor);
    const after = q.get('after');
    const before = q.get('before');
    const start = after ? indexOf(after) + 1 : before ? Math.max(0, indexOf(before) - limit) : 0;
    const end = before ? indexOf(before) : start + limit;
    const items = ordered.slice(start, end);
    return {
      items,
      total: ordered.length,
      nextCursor: end < ordered.length && items.length ? items[items.length - 1]._id : null,
      prevCursor: start > 0 && items.length ? items[0]._id : null,
    };
  };
  const respond = ({ status, body }: Answer) =>
    new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === `/api/${path}`) return respond({ status: 200, body: answer(url) });
    const deleted = url.pathname.match(new RegExp(`^/api/${path}/([^/]+)$`));
    if (method === 'DELETE' && deleted) {
      const id = decodeURIComponent(deleted[1]);
      const refusal = remove?.(id);
      if (refusal) return respond(refusal);
      rows = rows.filter((r) => r._id !== id);
      return respond({ status: 200, body: { deleted: true } });
    }
    return respond(routes[`${method} ${url.pathname.replace(/^\/api\//, '')}${url.search}`] ?? { status: 404, body: { error: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsOf = (method: string) =>
    fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).map(([input]) => String(input).replace(/^\/api\//, ''));
  return {
    fetchMock,
    /** The pages asked for, in order ('people?limit=10&after=p25'). */
    requests: () => callsOf('GET'),
    /** The DELETE paths sent, in order ('people/p25'). */
    deletes: () => callsOf('DELETE'),
  };
}
