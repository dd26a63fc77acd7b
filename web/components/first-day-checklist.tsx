import { useId } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { CheckCircleIcon } from '@heroicons/react/24/solid';
import { ChevronRightIcon, SparklesIcon } from '@heroicons/react/24/outline';
import { FIRST_DAY_STEPS, FirstDayAnswer, firstDayProgress, type FirstDayStep } from '@common/tiers/schemas';
import { api } from '@web/api/client';
import { pillBadgeStyles } from './badge-styles';

/** GET app/facilitator/first-day. */
export const firstDayKey = ['first-day'] as const;
const getFirstDay = async () => FirstDayAnswer.parse(await api.call('app/facilitator/first-day'));

// The titles are the links: their names stay apart from the page's own 'Add Tier', 'Add Content'
// and 'Membership' links.
const STEP_TEXTS: Record<FirstDayStep, { title: string; detail: string; to: string }> = {
  payouts: {
    title: 'Link your payouts',
    detail: 'Link a bank account in Settings so that what members pay reaches you.',
    to: '/settings',
  },
  tier: {
    title: 'Create your first tier',
    detail: 'A monthly subscription or a one-off course: its name, price and what it offers.',
    to: '/program/tier/new',
  },
  content: {
    title: 'Add your first content',
    detail: 'A meditation, a reading or a video, placed in one or more of your tiers.',
    to: '/program/content/new',
  },
  publish: {
    title: 'Publish a tier',
    detail: 'Edit a tier and tick Published: it then shows on your profile for members to join.',
    to: '/program',
  },
};

/**
 * A new facilitator's first day, guided: link payouts, create a tier, add
 * content, publish. Each step ticks itself off from what the server counts; the list goes away
 * once all four are done, and shows nothing while loading or when it cannot load (the page
 * around it works without it).
 */
export function FirstDayChecklist({ className }: { className?: string }) {
  const titleId = useId();
  // read afresh on each visit (the app's default keeps answers 30 s): a tier just saved elsewhere ticks its step
  const { data } = useQuery({ queryKey: firstDayKey, queryFn: getFirstDay, staleTime: 0, refetchOnMount: 'always' });
  if (!data) return null;
  const done = firstDayProgress(data);
  const doneCount = FIRST_DAY_STEPS.filter((step) => done[step]).length;
  if (doneCount === FIRST_DAY_STEPS.length) return null;
  const next = FIRST_DAY_STEPS.find((step) => !done[step]);

  return (
    <section
      aria-labelledby={titleId}
      className={clsx('rounded-2xl border border-brand-600/20 bg-white p-4 shadow-sm sm:p-5', className)}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
        >
          <SparklesIcon className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id={titleId} className="text-base font-semibold text-stone-900">
            Your first steps
          </h2>
          <p className="text-sm text-stone-600">
            {doneCount} of {FIRST_DAY_STEPS.length} done. Each step ticks itself off.
          </p>
        </div>
      </div>
      <ol className="mt-4 divide-y divide-stone-100 rounded-xl ring-1 ring-stone-200">
        {FIRST_DAY_STEPS.map((step) => {
          const text = STEP_TEXTS[step];
          const isDone = done[step];
          const incomplete = step === 'payouts' && data.payouts === 'incomplete';
          return (
            <li key={step} className="flex items-start gap-3 px-3 py-3 sm:px-4">
              {isDone ? (
                <CheckCircleIcon className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
              ) : (
                <span aria-hidden="true" className="size-6 shrink-0 rounded-full border-2 border-stone-300" />
              )}
              <div className="min-w-0 flex-1">
                {isDone ? (
                  <p className="text-sm font-semibold text-stone-500 line-through">
                    {text.title}
                    <span className="sr-only">: done</span>
                  </p>
                ) : (
                  <>
                    <Link
                      to={text.to}
                      className={clsx(
                        'inline-flex min-h-8 items-center gap-1',
                        'text-sm font-semibold text-brand-700 underline-offset-2',
                        'hover:underline',
                      )}
                    >
                      {text.title}
                      <ChevronRightIcon className="size-4" aria-hidden="true" />
                    </Link>
                    {step === next && (
                      <span
                        className={clsx(
                          pillBadgeStyles,
                          'ml-2 align-middle bg-brand-50 text-brand-800 ring-brand-600/20',
                        )}
                      >
                        Next
                      </span>
                    )}
                    <p className="text-xs text-stone-600">
                      {incomplete ? 'A few payment details are still missing: finish them in Settings.' : text.detail}
                    </p>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
