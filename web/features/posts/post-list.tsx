import type { ReactNode } from 'react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { Button } from '@web/components/button';
import { NextPageButton } from '@web/components/lists/next-page-button';
import { useLoadMoreOnScroll } from '@web/components/lists/use-load-more-on-scroll';
import { LoadFailedPanel } from '@web/components/load-failed-panel';
import type { FeedPages } from './api/post-cache';
import { focusWhenShown, postElementId } from './focus-on-arrival';
import { PostCard } from './post-card';
import { PostSkeletons } from './post-skeleton';
import { useSignedInUserId } from './use-signed-in-user';

type PostListProps = {
  feed: UseInfiniteQueryResult<FeedPages>;
  /** Shown when there are no posts at all. */
  empty: ReactNode;
  label: string;
};

/** A keyset-paged list of post cards: the next page loads as the end scrolls into view, or on 'Load more'. */
export function PostList({ feed, empty, label }: PostListProps) {
  const userId = useSignedInUserId();
  const { hasNextPage, fetchNextPage } = feed;
  const sentinel = useLoadMoreOnScroll(feed);
  // a press moves focus to the first post it brought: the button is disabled while it loads and
  // goes away at the end, so focus would fall to <body>; scrolling moves no focus
  const loadMore = async () => {
    const result = await fetchNextPage();
    const first = result.data?.pages.at(-1)?.posts[0];
    if (first && !result.isFetchNextPageError) focusWhenShown(postElementId(first._id));
  };

  if (feed.isPending) return <PostSkeletons />;
  if (feed.isError && !feed.data) {
    return (
      <LoadFailedPanel message="We could not load the posts.">
        <Button variant="secondary" onClick={() => feed.refetch()}>
          Try again
        </Button>
      </LoadFailedPanel>
    );
  }

  const posts = feed.data.pages.flatMap((page) => page.posts);
  if (posts.length === 0 && !hasNextPage) return <>{empty}</>;

  return (
    <div>
      <ul aria-label={label} className="space-y-4">
        {posts.map((post) => (
          <li key={post._id}>
            <PostCard post={post} userId={userId} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="mt-4 flex flex-col items-center gap-2">
        <NextPageButton pages={feed} label="Load more" failedText="More posts could not be loaded." onLoad={loadMore} />
        {!hasNextPage && posts.length > 0 && <p className="text-xs text-stone-500">You are all caught up.</p>}
      </div>
    </div>
  );
}
