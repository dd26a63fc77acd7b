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
  /**
   * The `total` the server reports for `matching` rows; the real count by default. The server
   * caches counts for 5 s (count-cache.ts), so a test can report one that lags the rows.
   */
  total?: (matching: number) => number;
};

/**
 * A stand-in for a keyset-paged list at GET /api/{path}, answering as server/features/admin/keyset.ts
 * does: sorts on `sort`/`dir` (by id, newest first, when unsorted), filters on `search` (any text
 * field), pages with `after`/`before` row-id cursors, and answers `{ items, total, nextCursor,
 * prevCursor }`. A cursor keeps working after its row is deleted (the real one holds the row's sort
 * values), and a page past the end answers the last page instead (before the start: the first).
 * DELETE /api/{path}/{id} removes a row.
 */
export function fakeKeysetServer<T extends Row>(
  path: string,
  initialRows: T[],
  { remove, routes = {}, total = (n) => n }: Options = {},
) {
  let rows = [...initialRows];
  const cursorRows = new Map(initialRows.map((row) => [row._id, row]));
  const answer = (url: URL): ServerPage<T> => {
    const q = url.searchParams;
    const limit = Number(q.get('limit'));
    const sort = q.get('sort');
    const desc = q.get('dir') === 'desc';
    const search = q.get('search')?.toLowerCase();
    const matching = rows.filter(
      (r) => !search || Object.values(r).some((v) => typeof v === 'string' && v.toLowerCase().includes(search)),
    );
    const compare = (a: T, b: T) => {
      if (!sort) return b._id.localeCompare(a._id);
      const order =
        String(a[sort]).localeCompare(String(b[sort]), undefined, { numeric: true }) || a._id.localeCompare(b._id);
      return desc ? -order : order;
    };
    const ordered = [...matching].sort(compare);
    const cursorRow = (id: string) => {
      const row = cursorRows.get(id);
      if (!row) throw new Error(`fakeKeysetServer: no row ${id} for a cursor`);
      return row;
    };
    const after = q.get('after');
    const before = q.get('before');
    const first = { items: ordered.slice(0, limit), hasPrev: false, hasNext: ordered.length > limit };
    const last = { items: ordered.slice(-limit), hasPrev: ordered.length > limit, hasNext: false };
    let page = first;
    if (after) {
      const rest = ordered.filter((r) => compare(r, cursorRow(after)) > 0);
      page = rest.length ? { items: rest.slice(0, limit), hasPrev: true, hasNext: rest.length > limit } : last;
    } else if (before) {
      const rest = ordered.filter((r) => compare(r, cursorRow(before)) < 0);
      page = rest.length ? { items: rest.slice(-limit), hasPrev: rest.length > limit, hasNext: true } : first;
    }
    const { items, hasPrev, hasNext } = page;
    return {
      items,
      total: total(ordered.length),
      nextCursor: hasNext && items.length ? items[items.length - 1]._id : null,
      prevCursor: hasPrev && items.length ? items[0]._id : null,
    };
  };
  const respond = ({ status, body }: Answer) =>
    new Response(body === undefined ? '' : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
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
    return respond(
      routes[`${method} ${url.pathname.replace(/^\/api\//, '')}${url.search}`] ?? {
        status: 404,
        body: { error: 'Not found' },
      },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsOf = (method: string) =>
    fetchMock.mock.calls
      .filter(([, init]) => (init?.method ?? 'GET') === method)
      .map(([input]) => String(input).replace(/^\/api\//, ''));
  return {
    fetchMock,
    /** The pages asked for, in order ('people?limit=10&after=p25'). */
    requests: () => callsOf('GET'),
    /** The DELETE paths sent, in order ('people/p25'). */
    deletes: () => callsOf('DELETE'),
  };
}
