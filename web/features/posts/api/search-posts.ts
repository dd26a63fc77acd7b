import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { FeedAnswer, FEED_PAGE_SIZE } from '@common/posts/schemas';
import { api } from '@web/api/client';
import { postListsKey } from './post-cache';

/** GET app/search-posts?q=: inspiration posts holding `q`, newest first, keyset-paged like the feed. */
export async function searchPosts(q: string, cursor: string | null): Promise<FeedAnswer> {
  const query = new URLSearchParams({ q, limit: String(FEED_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return FeedAnswer.parse(await api.call(`app/search-posts?${query.toString()}`));
}

// Under the post lists' key, so hearts, comments and edits reach the results as they reach the feed.
export const searchPostsQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...postListsKey, 'search', q] as const,
    queryFn: ({ pageParam }) => searchPosts(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled: q.length > 0,
  });

export const useSearchPosts = (q: string) => useInfiniteQuery(searchPostsQueryOptions(q));
