import { queryOptions, replaceEqualDeep, useQuery } from '@tanstack/react-query';
import { ViewPostAnswer } from '@common/posts/schemas';
import { api, ApiError } from '@web/api/client';
import { keepEarlierComments } from './earlier-comments';
import { viewPostKey } from './post-cache';

/** GET app/view-post/{id}: the post and its newest comments, oldest first (404 when missing or hidden). */
export async function viewPost(id: string): Promise<ViewPostAnswer> {
  return ViewPostAnswer.parse(await api.call(`app/view-post/${encodeURIComponent(id)}`));
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export const viewPostQueryOptions = (id: string) =>
  queryOptions({
    queryKey: viewPostKey(id),
    queryFn: () => viewPost(id),
    // A missing post stays missing: no point asking again.
    retry: (count, error) => !isNotFound(error) && count < 2,
    structuralSharing: (old, fresh) =>
      replaceEqualDeep(old, keepEarlierComments(old as ViewPostAnswer | undefined, fresh as ViewPostAnswer)),
  });

export const useViewPost = (id: string) => useQuery(viewPostQueryOptions(id));
