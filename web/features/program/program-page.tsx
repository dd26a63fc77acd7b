import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowDownTrayIcon, MegaphoneIcon, PlusIcon, RectangleStackIcon } from '@heroicons/react/24/outline';
import { buttonStyles } from '@web/components/button-styles';
import { FirstDayChecklist } from '@web/components/first-day-checklist';
import { LoadFailedPanel } from '@web/components/load-failed-panel';
import { PageLoading } from '@web/components/page-loading';
import { useProgram } from './api/get-program';
import type { DeleteOutcome } from './delete-program';
import { DeleteNotice } from './delete-notice';
import { TierCards } from './tier-cards';
import { TierDetail } from './tier-detail';
import { PageTitle } from '@web/components/page-title';
import clsx from 'clsx';
import { centredCardStyles } from '@web/components/card-styles';

const addTierLink = (
  <Link to="/program/tier/new" className={buttonStyles()}>
    <PlusIcon className="size-5" aria-hidden="true" />
    Add Tier
  </Link>
);

/**
 * /program, labelled 'Membership': the facilitator's tiers; the one chosen (?tier=id,
 * else the first) shows its content, its queue and the way to delete it.
 */
export function ProgramPage() {
  const { data, isPending, isError, refetch, isRefetching } = useProgram();
  const [params, setParams] = useSearchParams();
  const [notice, setNotice] = useState<DeleteOutcome | null>(null);

  const tiers = data?.tiers ?? [];
  const selected = tiers.find((t) => t._id === params.get('tier')) ?? tiers[0];
  const select = (id: string) => setParams({ tier: id }, { replace: true, preventScrollReset: true });

  function afterDelete(outcome: DeleteOutcome) {
    setNotice(outcome);
    setParams({}, { replace: true, preventScrollReset: true });
  }

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl">
      <PageTitle>Membership</PageTitle>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
            Membership
          </h1>
          <p className="mt-1 text-sm text-stone-600">
            Your tiers, what is inside them, and the order it reaches new members.
          </p>
        </div>
        {tiers.length > 0 && (
          <div className="flex flex-wrap gap-3">
            <Link to="/program/announcements" className={buttonStyles({ variant: 'secondary' })}>
              <MegaphoneIcon className="size-5" aria-hidden="true" />
              Announcements
            </Link>
            <Link to="/program/import" className={buttonStyles({ variant: 'secondary' })}>
              <ArrowDownTrayIcon className="size-5" aria-hidden="true" />
              Import content
            </Link>
            {addTierLink}
          </div>
        )}
      </div>

      {notice && <DeleteNotice outcome={notice} onDismiss={() => setNotice(null)} />}

      <FirstDayChecklist className="mt-6" />

      <div className="mt-6">
        {isPending ? (
          <PageLoading label="Loading your program…" className="min-h-48" />
        ) : isError ? (
          <LoadFailedPanel message="We could not load your program.">
            <button
              type="button"
              onClick={() => void refetch()}
              disabled={isRefetching}
              className={buttonStyles({ size: 'sm' })}
            >
              Try again
            </button>
          </LoadFailedPanel>
        ) : !selected ? (
          <div className={clsx(centredCardStyles, 'py-12')}>
            <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <RectangleStackIcon className="size-6" aria-hidden="true" />
            </span>
            <p className="text-base font-medium text-stone-800">You have no tiers yet</p>
            <p className="max-w-sm text-sm text-stone-600">
              A tier is a monthly subscription or a one-off course. Add your first one, then fill it with content.
            </p>
            {addTierLink}
          </div>
        ) : (
          <div className="space-y-8">
            <TierCards tiers={tiers} selectedId={selected._id} onSelect={select} />
            <div>
              <h2 className="mb-3 text-lg font-semibold text-stone-900">
                <span className="sr-only">Selected tier: </span>
                {selected.name}
              </h2>
              <TierDetail key={selected._id} tier={selected} content={data.content} onProgramDeleted={afterDelete} />
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
