import { useMemo } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from '@heroicons/react/20/solid';
import { buttonStyles } from '@web/components/button-styles';
import { dateText } from '@web/components/dates';
import { useWhoami } from '@web/features/session/api/get-whoami';
import { isSignedIn } from '@web/features/session/roles';
import { TodaySessionBanners } from '@web/features/sessions/today-session-banners';
import { RatingCards } from '@web/features/sessions/after/rating-card';
import { useContentHistory } from './api/get-content-history';
import { useTodayContent } from './api/get-today-content';
import { countCompleted } from './engagement';
import { useEngagementWithQueue } from './offline/queued-practice';
import { LazyContentModal, preloadContentModal } from './lazy-content-modal';
import { EmptyPanel, LoadFailed, PageHeading, Skeleton, skeletonBlock } from './practice-panels';
import { PracticeSummary } from './practice-summary';
import { PRACTICE_TEXTS } from './practice-texts';
import { TodaysPractices } from './todays-practices';
import { useContentViewer } from './use-content-viewer';
import { PageTitle } from '@web/components/page-title';
import { SavedCopyNotice } from '@web/components/offline-panel';
import { useSavedAt } from '@web/api/saved-answers';
import { QueueRefusals } from './offline/queue-notices';
import clsx from 'clsx';

/** The calls this page draws from: offline, the service worker answers them from what it kept. */
const PAGE_CALLS = ['auth/whoami', 'app/content', 'app/content-history'];

/**
 * / (Member daily practice dashboard). Facilitators are sent to /dashboard by the route. Offline
 * it shows today's practice and the streak as last kept, and says from when.
 */
export function DailyPracticePage() {
  const savedAt = useSavedAt(PAGE_CALLS);
  const { data: whoami } = useWhoami();
  const today = useTodayContent();
  const history = useContentHistory();
  const { openContent, open, close } = useContentViewer();

  const name = isSignedIn(whoami) ? whoami.name : undefined;
  // Today's records are the freshest for today's items; the history covers the rest.
  const records = useMemo(
    () => [...(history.data?.userEngagementHistory ?? []), ...(today.data?.allEngagedContent ?? [])],
    [history.data, today.data],
  );
  // with the choices still waiting in the offline queue on top
  const engagement = useEngagementWithQueue(records);
  const contents = today.data?.allContent;
  const tasks = contents && {
    completed: countCompleted(
      contents.map((c) => c._id),
      engagement,
    ),
    total: contents.length,
  };

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-3xl space-y-6">
      <PageTitle>My Daily Practice</PageTitle>
      <SavedCopyNotice savedAt={savedAt} />
      <QueueRefusals />
      <TodaySessionBanners />
      <PageHeading title={name ? `Welcome back, ${name}` : 'Welcome back'}>
        <p className="mt-1 text-sm text-stone-600 sm:text-base">
          <time dateTime={new Date().toISOString()}>{dateText(new Date())}</time>
        </p>
      </PageHeading>
      <RatingCards />

      <PracticeSummary
        streak={whoami?.streak ?? 1}
        engagementSeconds={history.data ? history.data.totalEngagementSeconds : history.isError ? 'failed' : 'loading'}
        tasks={tasks}
      />

      <section aria-labelledby="todays-practices-title" className="space-y-3">
        <h2 id="todays-practices-title" className="text-lg font-semibold text-stone-900">
          Here are your practices for today
        </h2>
        {today.isPending ? (
          <TodaySkeleton />
        ) : today.isError ? (
          <LoadFailed message="We could not load today's practices." onRetry={() => today.refetch()} />
        ) : today.data.allContent.length === 0 ? (
          <EmptyPanel
            action={
              <Link to="/explore" className={buttonStyles({ size: 'sm' })}>
                Explore facilitators
              </Link>
            }
          >
            {PRACTICE_TEXTS.noDailyPractices}
          </EmptyPanel>
        ) : (
          <div
            className="overflow-hidden rounded-2xl border border-stone-200 bg-white pt-3 shadow-sm"
            onPointerOver={preloadContentModal}
            onFocus={preloadContentModal}
          >
            <TodaysPractices
              contents={today.data.allContent}
              engagement={engagement}
              onOpen={open}
              labelledBy="todays-practices-title"
            />
          </div>
        )}
        <div className="flex flex-wrap items-center gap-x-6">
          <Link
            to="/past-practices"
            className={clsx(
              'inline-flex min-h-11 items-center gap-1',
              'rounded-lg text-sm font-semibold text-brand-700',
              'hover:text-brand-800',
            )}
          >
            View All Practices
            <ArrowRightIcon className="size-4" aria-hidden="true" />
          </Link>
          <Link
            to="/saved-offline"
            className={clsx(
              'inline-flex min-h-11 items-center gap-1',
              'rounded-lg text-sm font-semibold text-brand-700',
              'hover:text-brand-800',
            )}
          >
            Saved for offline
            <ArrowRightIcon className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </section>

      <LazyContentModal
        content={openContent}
        engagement={openContent ? engagement.get(openContent._id) : undefined}
        onClose={close}
        // the lock screen's previous and next move through today's practice
        from={contents && { items: contents, open }}
      />
    </section>
  );
}

function TodaySkeleton() {
  return (
    <Skeleton label="Loading today's practices…">
      <div className="space-y-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex items-center gap-3">
            <div className={`${skeletonBlock} size-12 shrink-0`} />
            <div className="flex-1 space-y-2">
              <div className={`${skeletonBlock} h-4 w-2/3`} />
              <div className={`${skeletonBlock} h-3 w-1/3`} />
            </div>
            <div className={`${skeletonBlock} size-6 shrink-0`} />
          </div>
        ))}
      </div>
    </Skeleton>
  );
}
