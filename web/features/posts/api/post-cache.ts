import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { FeedAnswer, PostAnswer, ViewPostAnswer } from '@common/posts/schemas';

/** Every post list (the inspiration feed, a group's discussion) sits under this key. */
export const postListsKey = ['posts', 'list'] as const;
/** The inspiration feed, or a group's discussion when `group` is given. */
export const postListKey = (group?: string | null) =>
  group ? ([...postListsKey, 'group', group] as const) : ([...postListsKey, 'inspiration'] as const);
export const viewPostKey = (id: string) => ['posts', 'view', id] as const;

export type FeedPages = InfiniteData<FeedAnswer>;

const mapPosts = (data: FeedPages | undefined, change: (posts: PostAnswer[]) => PostAnswer[]) =>
  data && { ...data, pages: data.pages.map((page) => ({ ...page, posts: change(page.posts) })) };

/** Applies `change` to the post wherever it is cached, so a card and its dialog agree at once. */
export function updateCachedPost(queryClient: QueryClient, id: string, change: (post: PostAnswer) => PostAnswer) {
  queryClient.setQueriesData<FeedPages>({ queryKey: postListsKey }, (data) =>
    mapPosts(data, (posts) => posts.map((post) => (post._id === id ? change(post) : post))),
  );
  queryClient.setQueryData<ViewPostAnswer>(viewPostKey(id), (data) => data && { ...data, post: change(data.post) });
}

/** Takes a removed post out of every list. */
export function dropCachedPost(queryClient: QueryClient, id: string) {
  queryClient.setQueriesData<FeedPages>({ queryKey: postListsKey }, (data) =>
    mapPosts(data, (posts) => posts.filter((post) => post._id !== id)),
  );
  // A page or dialog still showing the post is on its way out (to /notifications, or closed):
  // removing its query under it would make its next render ask for the post again, a 404.
  // Such a query is dropped by garbage collection once nobody watches it.
  const shown = queryClient.getQueryCache().find({ queryKey: viewPostKey(id), exact: true });
  if (shown && shown.getObserversCount() === 0) queryClient.removeQueries({ queryKey: viewPostKey(id), exact: true });
}

/** Puts a new post at the top of its list (newest first), without refetching every page. */
export function prependCachedPost(queryClient: QueryClient, post: PostAnswer) {
  queryClient.setQueryData<FeedPages>(postListKey(post.group), (data) =>
    data && data.pages.length > 0
      ? { ...data, pages: [{ ...data.pages[0], posts: [post, ...data.pages[0].posts] }, ...data.pages.slice(1)] }
      : data,
  );
}
