import { ShareIcon } from '@heroicons/react/24/outline';
import type { FacilitatorReferral } from '@common/referrals/schemas';
import { dateText } from '@web/components/dates';
import { NextPageButton } from '@web/components/lists/next-page-button';
import { PersonLink } from '@web/components/person-link';
import { EmptyPanel, LoadFailed } from '@web/components/state-panels';
import { useMemberReferrals } from './api/get-referrals';
import { centsText } from './dollars';
import { ReferralRewardControl } from './referral-reward-control';

export const REFERRALS_PANEL_TEXTS = {
  title: 'Referrals',
  intro: 'Which of your members someone brought, and who.',
  loading: 'Loading referrals…',
  loadFailed: 'We could not load your referrals.',
  moreFailed: 'We could not load more referrals.',
  more: 'Show more referrals',
  emptyTitle: 'No referrals yet',
  empty: 'When a member signs up through someone’s referral link and joins one of your tiers, they show here.',
} as const;
const T = REFERRALS_PANEL_TEXTS;

/** What the referee's first payment was, as the facilitator may know it. */
export function firstPaymentText(r: FacilitatorReferral) {
  if (!r.firstPaidAt) return 'Not paid yet';
  if (r.firstPaymentToYou && r.amountCents !== null)
    return `First paid you ${centsText(r.amountCents)} on ${dateText(r.firstPaidAt)}`;
  return `First paid on ${dateText(r.firstPaidAt)}`;
}

/** The dashboard's 'Referrals': who brought whom among my members, 25 at a time with 'Show more'. */
export function ReferralsPanel() {
  const referrals = useMemberReferrals();
  const rows = referrals.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section
      aria-labelledby="referrals-title"
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="referrals-title" className="text-lg font-semibold text-stone-900">
        {T.title}
      </h2>
      <p className="mt-0.5 text-sm text-stone-600">{T.intro}</p>
      <div className="mt-4">
        <ReferralRewardControl />
      </div>
      <div className="mt-5">
        {referrals.isPending ? (
          <div role="status" className="animate-pulse space-y-2 motion-reduce:animate-none">
            <span className="sr-only">{T.loading}</span>
            {[0, 1].map((i) => (
              <div key={i} aria-hidden="true" className="h-14 rounded-lg bg-stone-100" />
            ))}
          </div>
        ) : referrals.isError && !referrals.data ? (
          <LoadFailed message={T.loadFailed} onRetry={() => referrals.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyPanel icon={ShareIcon} title={T.emptyTitle} className="border-dashed shadow-none">
            {T.empty}
          </EmptyPanel>
        ) : (
          <>
            <ul aria-label="Referrals among your members" className="divide-y divide-stone-200">
              {rows.map((r) => (
                <li key={r.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <p className="flex min-w-0 flex-wrap items-center gap-x-1.5 text-sm text-stone-900">
                    <PersonLink person={{ _id: r.referrer.id, name: r.referrer.name }} avatar={false} />
                    <span className="text-stone-600"> brought </span>
                    <PersonLink person={{ _id: r.referee.id, name: r.referee.name }} avatar={false} />
                  </p>
                  <p className="text-sm text-stone-600 sm:text-right">
                    Signed up {dateText(r.signedUpAt)} · {firstPaymentText(r)}
                  </p>
                </li>
              ))}
            </ul>
            <div className="mt-4 flex justify-end">
              <NextPageButton
                pages={referrals}
                label={T.more}
                failedText={T.moreFailed}
                onLoad={() => referrals.fetchNextPage()}
                size="sm"
              />
            </div>
          </>
        )}
      </div>
    </section>
  );
}
