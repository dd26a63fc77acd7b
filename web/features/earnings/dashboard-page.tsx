import { Link } from 'react-router';
import { ArchiveBoxArrowDownIcon, PencilSquareIcon } from '@heroicons/react/24/outline';
import { buttonStyles } from '@web/components/button-styles';
import { FirstDayChecklist } from '@web/components/first-day-checklist';
import { LoadFailedPanel } from '@web/components/load-failed-panel';
import { useFacilitatorDashboard } from './api/get-facilitator-dashboard';
import { MembersSection } from './members-section';
import { ReferralsPanel } from './referrals-panel';
import { PayoutsCard, PayoutsSkeleton } from './payouts-card';
import { RevenueSection } from './revenue-section';
import { TierStatusCards, TierStatusSkeleton } from './tier-status-cards';
import { PageTitle } from '@web/components/page-title';

/**
 * /dashboard, the facilitator's earnings: payouts, revenue per tier over a period
 * with the period's figures beside it, the members of each tier and the 'Status of
 * Tiers'. Each part loads on its own.
 */
export function DashboardPage() {
  const dashboard = useFacilitatorDashboard();

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl space-y-6">
      <PageTitle>Dashboard</PageTitle>
      <div>
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
          Dashboard
        </h1>
        <p className="mt-1 text-sm text-stone-600">What your members pay you, and how each tier is doing.</p>
      </div>
      <Link to="/export" className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
        <ArchiveBoxArrowDownIcon className="size-4" aria-hidden="true" />
        Export your business
      </Link>

      {/* a new facilitator's first steps; gone once all are done */}
      <FirstDayChecklist />

      {dashboard.isPending ? (
        <PayoutsSkeleton />
      ) : (
        dashboard.data && <PayoutsCard status={dashboard.data.payouts.status} />
      )}

      <RevenueSection />

      <section aria-labelledby="tiers-title" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="tiers-title" className="text-lg font-semibold text-stone-900">
            Status of Tiers
          </h2>
          <Link to="/program" className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
            <PencilSquareIcon className="size-4" aria-hidden="true" />
            Edit programs and tiers
          </Link>
        </div>
        {dashboard.isPending ? (
          <TierStatusSkeleton />
        ) : dashboard.isError ? (
          <LoadFailedPanel message="We could not load the status of your tiers.">
            <button
              type="button"
              onClick={() => void dashboard.refetch()}
              disabled={dashboard.isFetching}
              className={buttonStyles({ size: 'sm' })}
            >
              Try again
            </button>
          </LoadFailedPanel>
        ) : (
          <TierStatusCards tiers={dashboard.data.tiers} />
        )}
      </section>

      <MembersSection tiers={dashboard.data?.tiers} />
      <ReferralsPanel />
    </section>
  );
}
