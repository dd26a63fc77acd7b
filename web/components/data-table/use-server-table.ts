import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { MAX_PAGE_LIMIT, type ServerListQuery, type ServerPage } from '@common/admin/schemas';
import type { Pager } from './pagination';

/** Where a server-paged table gets its rows (keyset pages, sorted and searched on the server). */
export type ServerTableSource<Row> = {
  /** Every page is cached under this key, so invalidating it reloads the page on screen. */
  queryKey: QueryKey;
  fetchPage: (query: ServerListQuery) => Promise<ServerPage<Row>>;
};

/** `admin/user` + a query -> 'admin/user?limit=10&sort=email&dir=asc&after=…'. */
export function serverListPath(path: string, query: ServerListQuery): string {
  const params = new URLSearchParams({ limit: String(query.limit) });
  if (query.sort) {
    params.set('sort', query.sort);
    params.set('dir', query.dir);
  }
  if (query.search) params.set('search', query.search);
  if (query.after) params.set('after', query.after);
  else if (query.before) params.set('before', query.before);
  return `${path}?${params}`;
}

type View = { sorting: SortingState; pageSize: number; search: string };
/** Which page is on screen: the cursor that fetched it and its index (the server keeps no page numbers). */
type Position = { viewKey: string; after?: string; before?: string; pageIndex: number };

const listQuery = (
  { sorting, pageSize, search }: View,
  cursor: { after?: string; before?: string } = {},
): ServerListQuery => ({
  limit: pageSize,
  sort: sorting[0]?.id,
  dir: sorting[0]?.desc ? 'desc' : 'asc',
  search: search || undefined,
  ...cursor,
});

/**
 * A server-paged list's current page. Next asks for `after` the page's nextCursor, Previous for
 * `before` its prevCursor; a new sort, page size or search starts again at the first page.
 */
export function useServerTable<Row>({ queryKey, fetchPage }: ServerTableSource<Row>, view: View) {
  const viewKey = JSON.stringify(view);
  const [stored, setPosition] = useState<Position>({ viewKey, pageIndex: 0 });
  // Any change of view forgets the old cursor, also one back to an earlier view (asc -> desc ->
  // unsorted, 10 -> 20 -> 10 rows): adjusted while rendering, not in an effect, so the first
  // render after the change already asks for page one.
  let position = stored;
  if (stored.viewKey !== viewKey) {
    position = { viewKey, pageIndex: 0 };
    setPosition(position);
  }

  const query = listQuery(view, { after: position.after, before: position.before });
  const result = useQuery({
    queryKey: [...queryKey, query],
    queryFn: () => fetchPage(query),
    placeholderData: keepPreviousData,
    // admin lists change under other admins' hands: always ask again when the screen opens
    staleTime: 0,
  });
  const page = result.data;
  const settled = page !== undefined && !result.isPlaceholderData;

  // The count may lag the rows by a few seconds (the server caches it), so the cursors decide
  // where the ends are (null there), and Page N of M never contradicts Previous and Next. A page
  // between the ends keeps the number it was reached with. So does a last page shorter than a
  // full page; a full one may be the last page the server answered in place of one emptied by a
  // delete, and takes its number from the count.
  const countedPages = Math.max(1, Math.ceil((page?.total ?? 0) / view.pageSize));
  const reached = position.pageIndex + 1;
  const atStart = settled && page.prevCursor === null;
  const atEnd = settled && page.nextCursor === null;
  const pageNumber = !settled
    ? reached
    : atStart
      ? 1
      : atEnd && page.items.length >= view.pageSize
        ? Math.max(2, countedPages)
        : Math.max(2, reached);
  const pageCount = atEnd ? pageNumber : Math.max(countedPages, pageNumber + (settled ? 1 : 0));

  // A page emptied by a delete (its rows gone, others still there) falls back to the first page.
  const stranded = settled && page.items.length === 0 && page.total > 0 && Boolean(position.after || position.before);
  useEffect(() => {
    if (stranded) setPosition({ viewKey, pageIndex: 0 });
  }, [stranded, viewKey]);

  const pager: Pager = {
    pageNumber,
    pageCount,
    canPrevious: settled && !atStart,
    canNext: settled && !atEnd,
    previous: () => {
      if (settled && page.prevCursor) setPosition({ viewKey, before: page.prevCursor, pageIndex: pageNumber - 2 });
    },
    next: () => {
      if (settled && page.nextCursor) setPosition({ viewKey, after: page.nextCursor, pageIndex: pageNumber });
    },
  };

  /** Every matching row in the current order, walking the pages at the largest size (CSV export). */
  async function fetchAllRows(): Promise<Row[]> {
    const rows: Row[] = [];
    const seen = new Set<string>();
    let after: string | undefined;
    do {
      const next = await fetchPage(listQuery({ ...view, pageSize: MAX_PAGE_LIMIT }, { after }));
      rows.push(...next.items);
      after = next.nextCursor ?? undefined;
      // a cursor seen twice would loop for ever
      if (after && seen.has(after)) break;
      if (after) seen.add(after);
    } while (after);
    return rows;
  }

  return { result, rows: page?.items, pager, fetchAllRows };
}
