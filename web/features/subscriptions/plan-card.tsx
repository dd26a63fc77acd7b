import { useId, type ReactNode } from 'react';
import { RectangleStackIcon } from '@heroicons/react/24/outline';
import { priceParts, trialThenText } from '@common/tiers/intervals';
import type { TierAnswer } from '@common/tiers/schemas';
import { TendImage } from '@web/components/tend-image';
import { PlanIncludes } from './plan-includes';
import { PLAN_TYPE_LABELS } from './subscription-texts';
import clsx from 'clsx';

type PlanCardProps = {
  tier: TierAnswer;
  /** The plan's button, given the id of the plan's name; nothing for the plan's owner. */
  action?: (titleId: string) => ReactNode;
};

/** Profile plans: a published tier with its picture, label, price (per interval), trial and button. */
export function PlanCard({ tier, action }: PlanCardProps) {
  const titleId = useId();
  const price = priceParts(tier);
  const trial = trialThenText(tier);
  const placeholder = (
    <span
      aria-hidden="true"
      className="flex h-24 w-full items-center justify-center bg-brand-50 text-brand-700 sm:h-32"
    >
      <RectangleStackIcon className="size-9" />
    </span>
  );
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
    >
      <TendImage path={tier.thumbnail} size="sm" alt="" className="aspect-video w-full" fallback={placeholder} />
      <div className="flex flex-1 flex-col gap-2 p-4 sm:p-5">
        <p>
          <span
            className={clsx(
              'px-2 py-0.5',
              'rounded-full bg-brand-50 text-xs font-semibold text-brand-800 ring-1 ring-brand-600/20 ring-inset',
            )}
          >
            {PLAN_TYPE_LABELS[tier.type]}
          </span>
        </p>
        <h3 id={titleId} className="text-lg font-semibold break-words text-stone-900">
          {tier.name}
        </h3>
        {tier.description && <p className="text-sm whitespace-pre-line text-stone-600">{tier.description}</p>}
        <PlanIncludes tier={tier} labelId={`${titleId}-includes`} />
        <p className="mt-auto pt-2 text-xl font-semibold text-stone-900">
          {price.amount}
          {price.per && <span className="text-sm font-normal text-stone-500"> {price.per}</span>}
        </p>
        {trial && <p className="text-sm font-medium text-brand-800">{trial}</p>}
        {action && <div className="pt-2">{action(titleId)}</div>}
      </div>
    </article>
  );
}
