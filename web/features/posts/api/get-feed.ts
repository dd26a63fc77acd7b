import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { FeedAnswer, FEED_PAGE_SIZE } from '@common/posts/schemas';
import { api } from '@web/api/client';
import { postListKey } from './post-cache';

/** GET app/inspiration: one page, newest first; `next` is the keyset cursor of the following page. */
export async function getFeed(cursor: string | null): Promise<FeedAnswer> {
  const query = new URLSearchParams({ limit: String(FEED_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return FeedAnswer.parse(await api.call(`app/inspiration?${query.toString()}`));
}

export const feedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: postListKey(),
    queryFn: ({ pageParam }) => getFeed(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

export const useFeed = () => useInfiniteQuery(feedQueryOptions());
