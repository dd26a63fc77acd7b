import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { FeedAnswer, FEED_PAGE_SIZE } from '@common/posts/schemas';
import { api } from '@web/api/client';
import { postListKey } from '@web/features/posts/api/post-cache';

/** GET app/get-group-posts/{id}?cursor&limit&search: one page of the discussion, newest first. */
export async function getGroupPosts(id: string, cursor: string | null, search: string): Promise<FeedAnswer> {
  const query = new URLSearchParams({ limit: String(FEED_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  if (search) query.set('search', search);
  return FeedAnswer.parse(await api.call(`app/get-group-posts/${encodeURIComponent(id)}?${query.toString()}`));
}

/**
 * The unsearched discussion sits exactly at postListKey(id), so a new post from the composer is
 * prepended to it; a search extends that key.
 */
export const groupPostsKey = (id: string, search: string) =>
  search ? [...postListKey(id), { search }] : postListKey(id);

export const groupPostsQueryOptions = (id: string, search = '') => {
  const text = search.trim();
  return infiniteQueryOptions({
    queryKey: groupPostsKey(id, text),
    queryFn: ({ pageParam }) => getGroupPosts(id, pageParam, text),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
};

export const useGroupPosts = (id: string, search = '') => useInfiniteQuery(groupPostsQueryOptions(id, search));
