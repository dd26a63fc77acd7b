import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { MAX_PAGE_LIMIT, type ServerListQuery, type ServerPage } from '@common/admin/schemas';
import type { Pager } from './pagination';

/** Where a server-paged table gets its rows (issue 8: keyset pages, sorted and searched on the server). */
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

const listQuery = ({ sorting, pageSize, search }: View, cursor: { after?: string; before?: string } = {}): ServerListQuery => ({
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
  // Derived, not reset in an effect: the first render after a change already asks for page one.
  const position: Position = stored.viewKey === viewKey ? stored : { viewKey, pageIndex: 0 };

  const query = listQuery(view, { after: position.after, before: position.before });
  const result = useQuery({
    queryKey: [...queryKey, query],
    queryFn: () => fetchPage(query),
    placeholderData: keepPreviousData,
    // admin lists change under other admins' hands: always ask again when the screen opens
    staleTime: 0,
  });
  const page = result.data;
  const settled = Boolean(page) && !result.isPlaceholderData;

  const pageCount = Math.max(1, Math.ceil((page?.total ?? 0) / view.pageSize));
  // The cursors are null at either end, which also corrects the count if rows came or went.
  const pageNumber = !page || !settled ? Math.min(position.pageIndex + 1, pageCount)
    : page.prevCursor === null ? 1
    : page.nextCursor === null ? pageCount
    : Math.min(position.pageIndex + 1, pageCount);

  // A page emptied by a delete (its rows gone, others still there) falls back to the first page.
  const stranded = settled && page!.items.length === 0 && page!.total > 0 && Boolean(position.after || position.before);
  useEffect(() => {
    if (stranded) setPosition({ viewKey, pageIndex: 0 });
  }, [stranded, viewKey]);

  const pager: Pager = {
    pageNumber,
    pageCount,
    canPrevious: settled && page!.prevCursor !== null && pageNumber > 1,
    canNext: settled && page!.nextCursor !== null,
    previous: () => {
      if (page?.prevCursor) setPosition({ viewKey, before: page.prevCursor, pageIndex: pageNumber - 2 });
    },
    next: () => {
      if (page?.nextCursor) setPosition({ viewKey, after: page.nextCursor, pageIndex: pageNumber });
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
