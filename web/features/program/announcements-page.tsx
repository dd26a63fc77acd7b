import { Link } from 'react-router';
import { ArrowLeftIcon, RectangleStackIcon } from '@heroicons/react/24/outline';
import { buttonStyles } from '@web/components/button-styles';
import { PageLoading } from '@web/components/page-loading';
import { EmptyPanel, LoadFailed } from '@web/components/state-panels';
import { useAnnouncementAudience } from './announcement-api';
import { AnnouncementComposer } from './announcement-composer';
import { AnnouncementHistory } from './announcement-history';
import { PageTitle } from '@web/components/page-title';
import { backLinkStyles } from '@web/components/link-styles';

/**
 * /program/announcements: a facilitator writes to the members of one plan or of all
 * of them, previews the mail, tests it on themself and sends it; below, what they sent before.
 */
export function AnnouncementsPage() {
  const audience = useAnnouncementAudience();
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl">
      <PageTitle>Announcements</PageTitle>
      <Link to="/program" className={backLinkStyles}>
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        Back to Membership
      </Link>
      <h1 id="page-title" className="mt-2 text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
        Announcements
      </h1>
      <p className="mt-1 text-sm text-stone-600">
        Write to the members of one plan or all of them. They get it as a notification and by email.
      </p>

      <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 className="mb-4 text-lg font-semibold text-stone-900">New announcement</h2>
        {audience.isPending ? (
          <PageLoading label="Loading your plans…" className="min-h-48" />
        ) : audience.isError ? (
          <LoadFailed message="We could not load your plans." onRetry={() => audience.refetch()} />
        ) : audience.data.tiers.length === 0 ? (
          <EmptyPanel
            icon={RectangleStackIcon}
            title="You have no plans yet"
            action={
              <Link to="/program/tier/new" className={buttonStyles()}>
                Add Tier
              </Link>
            }
          >
            Announcements go to the members of your plans. Add a plan first.
          </EmptyPanel>
        ) : (
          <AnnouncementComposer audience={audience.data} />
        )}
      </div>

      <h2 className="mt-10 mb-3 text-lg font-semibold text-stone-900">Sent announcements</h2>
      <AnnouncementHistory />
    </section>
  );
}
