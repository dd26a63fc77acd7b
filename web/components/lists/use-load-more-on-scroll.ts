import { useEffect, useRef } from 'react';

type Pages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/**
 * Infinite scroll for a keyset-paged list (TanStack's useInfiniteQuery): put the returned ref on
 * an element after the last item; the next page loads when it comes within 400 px of the view.
 */
export function useLoadMoreOnScroll({ hasNextPage, isFetchingNextPage, fetchNextPage }: Pages) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const end = sentinel.current;
    if (!end || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return sentinel;
}
