import { useMemo } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import clsx from 'clsx';
import { Button } from '@web/components/button';
import { tabSelectedStyles } from '@web/components/tab-styles';
import type { ReleasedContentAnswer } from '@common/content/schemas';
import { usePastPractices } from './api/get-content-history';
import { ContentCards } from './content-cards';
import { ContentModal } from './content-modal';
import { useEngagementWithQueue } from './offline/queued-practice';
import { CardsSkeleton } from './cards-skeleton';
import { EmptyPanel, LoadFailed, PageHeading } from './practice-panels';
import { PRACTICE_TEXTS } from './practice-texts';
import { useContentViewer } from './use-content-viewer';
import { PageTitle } from '@web/components/page-title';

const TABS = ['Favorite Practices', 'View All Practices'] as const;
const ALL_PRACTICES_TAB = TABS.indexOf('View All Practices');

/**
 * /past-practices: favourites and everything released to me, in
 * release order with each item's release day, a page at a time.
 */
export function PastPracticesPage() {
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl space-y-6">
      <PageTitle>Past Practices</PageTitle>
      <PageHeading title="Past Practices">
        <p className="mt-1 text-sm text-stone-600 sm:text-base">
          Every practice released to you, in the order it was released, and the ones you love.
        </p>
      </PageHeading>

      <TabGroup defaultIndex={ALL_PRACTICES_TAB}>
        <TabList className="flex gap-1 rounded-xl bg-stone-100 p-1 sm:inline-flex">
          {TABS.map((name) => (
            <Tab
              key={name}
              className={clsx(
                'min-h-11 flex-1 px-3',
                'rounded-lg text-sm font-semibold whitespace-nowrap text-stone-600',
                'hover:text-stone-900 sm:px-4',
                tabSelectedStyles,
              )}
            >
              {name}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-5">
          <TabPanel>
            <PracticePages favourites emptyText={PRACTICE_TEXTS.noFavourites} />
          </TabPanel>
          <TabPanel>
            <PracticePages favourites={false} emptyText={PRACTICE_TEXTS.noPractices} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </section>
  );
}

/** One tab's list: the pages loaded so far and 'Show more practices' while there are more. */
function PracticePages({ favourites, emptyText }: { favourites: boolean; emptyText: string }) {
  const pages = usePastPractices(favourites);
  const { openContent, open, close } = useContentViewer();
  const contents = useMemo<ReleasedContentAnswer[]>(
    () => pages.data?.pages.flatMap((p) => p.userContentHistory) ?? [],
    [pages.data],
  );
  // each page carries the engagement of its own items
  const records = useMemo(() => pages.data?.pages.flatMap((p) => p.userEngagementHistory) ?? [], [pages.data]);
  const engagement = useEngagementWithQueue(records);

  if (pages.isPending) return <CardsSkeleton label="Loading your practices…" />;
  if (pages.isError && !pages.data)
    return <LoadFailed message="We could not load your practices." onRetry={() => pages.refetch()} />;
  return (
    <div className="space-y-5">
      {contents.length === 0 ? (
        <EmptyPanel>{emptyText}</EmptyPanel>
      ) : (
        <ContentCards contents={contents} engagement={engagement} onOpen={open} />
      )}
      {pages.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" pending={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>
            Show more practices
          </Button>
        </div>
      )}
      {pages.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-red-700">
          We could not load more practices. Try again.
        </p>
      )}
      <ContentModal
        content={openContent}
        engagement={openContent ? engagement.get(openContent._id) : undefined}
        onClose={close}
      />
    </div>
  );
}
