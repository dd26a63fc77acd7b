import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { FeedAnswer, FEED_PAGE_SIZE } from '@common/posts/schemas';
import { api } from '@web/api/client';
import { authorPostsKey, subjectPath, type ProfileSubject } from './profile-keys';

/** GET app/facilitator/{id}/posts?cursor= (own: …/own/posts): their posts, newest first, keyset paged. */
export async function getAuthorPosts(subject: ProfileSubject, cursor: string | null): Promise<FeedAnswer> {
  const query = new URLSearchParams({ limit: String(FEED_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return FeedAnswer.parse(await api.call(`${subjectPath(subject)}/posts?${query.toString()}`));
}

export const authorPostsQueryOptions = (subject: ProfileSubject) =>
  infiniteQueryOptions({
    queryKey: authorPostsKey(subject),
    queryFn: ({ pageParam }) => getAuthorPosts(subject, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

export const useAuthorPosts = (subject: ProfileSubject) => useInfiniteQuery(authorPostsQueryOptions(subject));
