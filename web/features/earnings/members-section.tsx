import { NextPageButton } from '@web/components/lists/next-page-button';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowDownTrayIcon, ArrowUpTrayIcon, UserGroupIcon } from '@heroicons/react/24/outline';
import { Button } from '@web/components/button';
import { buttonStyles } from '@web/components/button-styles';
import { EmptyPanel, LoadFailed } from '@web/components/state-panels';
import { downloadCsv, membersCsvPath } from './api/download-csv';
import { useMembers } from './api/get-members';
import { MembersTable } from './members-table';
import clsx from 'clsx';
import { isId } from '@common/params';

type TierChoice = { _id: string; name: string };

/** ?tier= picks the tier; once my tiers are known, one that is not among them falls back to all. */
const tierFrom = (value: string | null, tiers: TierChoice[] | undefined) =>
  value && isId(value) && (!tiers || tiers.some((t) => t._id === value)) ? value : null;

/**
 * 'Members': who subscribes to each tier, with interval, start, status and what they
 * paid to date; pages of 25 with 'Show more', and the whole list as a CSV.
 */
export function MembersSection({ tiers }: { tiers: TierChoice[] | undefined }) {
  const [params, setParams] = useSearchParams();
  const tierId = tierFrom(params.get('tier'), tiers);
  const members = useMembers(tierId);
  const selectId = useId();
  const tierName = tiers?.find((t) => t._id === tierId)?.name;

  const choose = (next: string) =>
    setParams(
      (current) => {
        const nextParams = new URLSearchParams(current);
        if (next) nextParams.set('tier', next);
        else nextParams.delete('tier');
        return nextParams;
      },
      { replace: true, preventScrollReset: true },
    );

  const rows = members.data?.pages.flatMap((page) => page.members) ?? [];

  return (
    <section
      aria-labelledby="members-title"
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="members-title" className="text-lg font-semibold text-stone-900">
            Members
          </h2>
          <p className="mt-0.5 text-sm text-stone-600">Who subscribes to your tiers, and what each has paid.</p>
        </div>
        <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
          <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-none">
            <label htmlFor={selectId} className="text-xs font-medium text-stone-600">
              Tier
            </label>
            <select
              id={selectId}
              value={tierId ?? ''}
              onChange={(event) => choose(event.target.value)}
              disabled={!tiers}
              className={clsx(
                'min-h-9 w-full py-1.5 pr-8 pl-3',
                'rounded-lg border-0 bg-white text-sm text-stone-900 ring-1 ring-stone-300 ring-inset',
                'focus:ring-2 focus:ring-brand-700 sm:w-56',
              )}
            >
              <option value="">All tiers</option>
              {tiers?.map((tier) => (
                <option key={tier._id} value={tier._id}>
                  {tier.name}
                </option>
              ))}
            </select>
          </div>
          <Link to="/dashboard/import-members" className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
            <ArrowUpTrayIcon className="size-4" aria-hidden="true" />
            Import members
          </Link>
          <Button variant="secondary" size="sm" onClick={() => downloadCsv(membersCsvPath(tierId), 'members.csv')}>
            <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
            Download CSV <span className="sr-only">of {tierName ? `the members of ${tierName}` : 'all members'}</span>
          </Button>
        </div>
      </div>

      <div className="mt-5">
        {members.isPending ? (
          <div role="status" className="animate-pulse space-y-2 motion-reduce:animate-none">
            <span className="sr-only">Loading members…</span>
            {[0, 1, 2].map((i) => (
              <div key={i} aria-hidden="true" className="h-12 rounded-lg bg-stone-100" />
            ))}
          </div>
        ) : members.isError && !members.data ? (
          <LoadFailed message="We could not load your members." onRetry={() => members.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyPanel icon={UserGroupIcon} title="No members yet" className="border-dashed shadow-none">
            {tierName
              ? `When members subscribe to ${tierName}, they show here.`
              : 'When members subscribe to one of your tiers, they show here.'}
          </EmptyPanel>
        ) : (
          <>
            <MembersTable members={rows} caption={tierName ? `Members of ${tierName}` : 'Members of all your tiers'} />
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-stone-600" aria-live="polite">
                Showing {rows.length} {rows.length === 1 ? 'member' : 'members'}
              </p>
              <NextPageButton
                pages={members}
                label="Show more members"
                failedText="We could not load more members."
                onLoad={() => members.fetchNextPage()}
                size="sm"
              />
            </div>
          </>
        )}
      </div>
    </section>
  );
}
