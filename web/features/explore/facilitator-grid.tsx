import type { ReactNode } from 'react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import clsx from 'clsx';
import { Button } from '@web/components/button';
import { NextPageButton } from '@web/components/lists/next-page-button';
import { useLoadMoreOnScroll } from '@web/components/lists/use-load-more-on-scroll';
import { LoadFailedPanel } from '@web/components/load-failed-panel';
import type { FacilitatorPages } from './api/get-facilitators';
import { EXPLORE_TEXTS } from './explore-texts';
import { FacilitatorCard } from './facilitator-card';

type FacilitatorGridProps = {
  facilitators: UseInfiniteQueryResult<FacilitatorPages>;
  /** Shown when there are no facilitators at all. */
  empty: ReactNode;
};

const GRID = 'grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3';

/** Facilitator cards in a responsive grid; the next page loads as the end scrolls into view, or on 'Load more'. */
export function FacilitatorGrid({ facilitators, empty }: FacilitatorGridProps) {
  const { hasNextPage, fetchNextPage } = facilitators;
  const sentinel = useLoadMoreOnScroll(facilitators);

  if (facilitators.isPending) return <FacilitatorGridSkeleton />;
  if (facilitators.isError && !facilitators.data) {
    return (
      <LoadFailedPanel message={EXPLORE_TEXTS.loadFailed}>
        <Button variant="secondary" size="sm" onClick={() => facilitators.refetch()}>
          {EXPLORE_TEXTS.tryAgain}
        </Button>
      </LoadFailedPanel>
    );
  }

  const cards = facilitators.data.pages.flatMap((page) => page.facilitators);
  if (cards.length === 0 && !hasNextPage) return <>{empty}</>;

  return (
    <div>
      <ul aria-label={EXPLORE_TEXTS.listLabel} aria-busy={facilitators.isPlaceholderData || undefined} className={GRID}>
        {cards.map((facilitator) => (
          <li key={facilitator._id}>
            <FacilitatorCard facilitator={facilitator} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="mt-6 flex flex-col items-center gap-2">
        <NextPageButton
          pages={facilitators}
          label={EXPLORE_TEXTS.loadMore}
          failedText={EXPLORE_TEXTS.moreFailed}
          onLoad={() => fetchNextPage()}
        />
      </div>
    </div>
  );
}

/** Grey cards shaped like the real ones while the first page loads; announced once as loading. */
function FacilitatorGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div role="status" className="animate-pulse motion-reduce:animate-none">
      <span className="sr-only">{EXPLORE_TEXTS.loading}</span>
      <div aria-hidden="true" className={GRID}>
        {Array.from({ length: count }, (_, i) => (
          <div
            key={i}
            className={clsx(
              'flex items-center gap-4 overflow-hidden rounded-2xl border border-stone-200 bg-white p-3',
              'sm:flex-col sm:items-stretch sm:gap-0 sm:p-0',
            )}
          >
            <div className="size-14 shrink-0 rounded-full bg-stone-200 sm:hidden" />
            <div className="hidden aspect-[4/3] bg-stone-200/70 sm:block" />
            <div className="flex-1 space-y-2 sm:p-4">
              <div className="h-4 w-2/3 rounded bg-stone-200" />
              <div className="h-3 w-1/3 rounded bg-stone-100" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
