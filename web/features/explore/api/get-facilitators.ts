import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { EXPLORE_PAGE_SIZE, ExploreAnswer } from '@common/profiles/schemas';
import { api } from '@web/api/client';

export type FacilitatorPages = InfiniteData<ExploreAnswer>;

/** Every Explore list, keyed by its search text (the server filters). */
export const facilitatorListKey = (search: string) => ['explore', 'facilitators', search] as const;

/**
 * GET app/facilitators?search=&cursor=&limit=: one page of facilitators by name; `search` matches
 * category, bio or a published tier's text on the server; `next` is the following page's cursor.
 */
export async function getFacilitators(search: string, cursor: string | null): Promise<ExploreAnswer> {
  const query = new URLSearchParams();
  if (search) query.set('search', search);
  if (cursor) query.set('cursor', cursor);
  query.set('limit', String(EXPLORE_PAGE_SIZE));
  return ExploreAnswer.parse(await api.call(`app/facilitators?${query.toString()}`));
}

export const facilitatorsQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: facilitatorListKey(search),
    queryFn: ({ pageParam }) => getFacilitators(search, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

/** While a new search runs, the previous results stay on screen instead of a skeleton. */
export const useFacilitators = (search: string) =>
  useInfiniteQuery({ ...facilitatorsQueryOptions(search.trim()), placeholderData: keepPreviousData });
