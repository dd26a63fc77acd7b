import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { HistoryAnswer } from '@common/practice/schemas';
import { api } from '@web/api/client';
import { practiceKeys } from './practice-keys';

export const PAST_PRACTICES_PAGE_SIZE = 24;

type HistoryPage = { after?: string | null; limit?: number; favourites?: boolean };

/**
 * GET app/content-history: one keyset page of what was released to the member, in
 * release order, with the engagement of that page's items and the member's whole engagement time;
 * `nextCursor` asks for the next page.
 */
export async function getContentHistory({
  after,
  limit = PAST_PRACTICES_PAGE_SIZE,
  favourites,
}: HistoryPage = {}): Promise<HistoryAnswer> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (after) query.set('after', after);
  if (favourites) query.set('favourites', 'true');
  return HistoryAnswer.parse(await api.call(`app/content-history?${query}`));
}

/** The first page: enough for the daily page, which reads the total engagement time. */
export const contentHistoryQueryOptions = () =>
  queryOptions({ queryKey: practiceKeys.history, queryFn: () => getContentHistory() });

export const useContentHistory = () => useQuery(contentHistoryQueryOptions());

/** /past-practices: every page so far, all practices or favourites only. */
export const pastPracticesQueryOptions = (favourites: boolean) =>
  infiniteQueryOptions({
    queryKey: practiceKeys.past(favourites),
    queryFn: ({ pageParam }) => getContentHistory({ after: pageParam, favourites }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const usePastPractices = (favourites: boolean) => useInfiniteQuery(pastPracticesQueryOptions(favourites));
