import { useMemo } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import clsx from 'clsx';
import { tabSelectedStyles } from '@web/components/tab-styles';
import type { ContentAnswer } from '@common/content/schemas';
import { useContentHistory } from './api/get-content-history';
import { ContentCards } from './content-cards';
import { ContentModal } from './content-modal';
import { engagementByContent, type EngagementByContent } from './engagement';
import { CardsSkeleton } from './cards-skeleton';
import { EmptyPanel, LoadFailed, PageHeading } from './practice-panels';
import { PRACTICE_TEXTS } from './practice-texts';
import { useContentViewer } from './use-content-viewer';

const TABS = ['Favorite Practices', 'View All Practices'] as const;
const ALL_PRACTICES_TAB = TABS.indexOf('View All Practices');

/** /past-practices (spec 02 §2 Past practices): favourites and everything released to me. */
export function PastPracticesPage() {
  const history = useContentHistory();
  const { openContent, open, close } = useContentViewer();
  const engagement = useMemo(() => engagementByContent(history.data?.userEngagementHistory ?? []), [history.data]);

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl space-y-6">
      <title>Past Practices · Tend</title>
      <PageHeading title="Past Practices">
        <p className="mt-1 text-sm text-stone-600 sm:text-base">Every practice released to you, and the ones you love.</p>
      </PageHeading>

      {history.isPending ? (
        <CardsSkeleton label="Loading your practices…" />
      ) : history.isError ? (
        <LoadFailed message="We could not load your practices." onRetry={() => history.refetch()} />
      ) : (
        <TabGroup defaultIndex={ALL_PRACTICES_TAB}>
          <TabList className="flex gap-1 rounded-xl bg-stone-100 p-1 sm:inline-flex">
            {TABS.map((name) => (
              <Tab
                key={name}
                className={clsx(
                  'min-h-11 flex-1 rounded-lg px-3 text-sm font-semibold whitespace-nowrap text-stone-600 hover:text-stone-900 sm:px-4',
                  tabSelectedStyles,
                )}
              >
                {name}
              </Tab>
            ))}
          </TabList>
          <TabPanels className="mt-5">
            <TabPanel>
              <PracticeList
                contents={history.data.userContentHistory.filter((c) => engagement.get(c._id)?.isFavourite)}
                engagement={engagement}
                onOpen={open}
                emptyText={PRACTICE_TEXTS.noFavourites}
              />
            </TabPanel>
            <TabPanel>
              <PracticeList
                contents={history.data.userContentHistory}
                engagement={engagement}
                onOpen={open}
                emptyText={PRACTICE_TEXTS.noPractices}
              />
            </TabPanel>
          </TabPanels>
        </TabGroup>
      )}

      <ContentModal content={openContent} engagement={openContent ? engagement.get(openContent._id) : undefined} onClose={close} />
    </section>
  );
}

type PracticeListProps = {
  contents: ContentAnswer[];
  engagement: EngagementByContent;
  onOpen: (content: ContentAnswer) => void;
  emptyText: string;
};

function PracticeList({ contents, engagement, onOpen, emptyText }: PracticeListProps) {
  if (contents.length === 0) return <EmptyPanel>{emptyText}</EmptyPanel>;
  return <ContentCards contents={contents} engagement={engagement} onOpen={onOpen} />;
}
