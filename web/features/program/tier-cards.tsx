import { Link } from 'react-router';
import clsx from 'clsx';
import { PencilSquareIcon, RectangleStackIcon } from '@heroicons/react/24/outline';
import { priceParts, trialText } from '@common/tiers/intervals';
import { TIER_TYPE_LABELS, type TierAnswer } from '@common/tiers/schemas';
import { TendImage } from '@web/components/tend-image';
import { pillBadgeStyles } from '@web/components/badge-styles';

type TierCardsProps = { tiers: TierAnswer[]; selectedId: string; onSelect: (id: string) => void };

/** Program page: a card per tier; choosing one shows its content below. */
export function TierCards({ tiers, selectedId, onSelect }: TierCardsProps) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Tiers">
      {tiers.map((tier) => (
        <TierCard key={tier._id} tier={tier} selected={tier._id === selectedId} onSelect={() => onSelect(tier._id)} />
      ))}
    </ul>
  );
}

function TierCard({ tier, selected, onSelect }: { tier: TierAnswer; selected: boolean; onSelect: () => void }) {
  const price = priceParts(tier);
  const trial = trialText(tier);
  return (
    <li
      className={clsx(
        'relative flex rounded-2xl border bg-white shadow-sm ring-inset transition-shadow',
        selected
          ? 'border-brand-700 ring-1 ring-brand-700 forced-colors:border-[3px] forced-colors:border-[color:Highlight]'
          : 'border-stone-300 hover:border-stone-400',
      )}
    >
      {/* The whole card selects the tier; the edit link sits beside the button, not inside it. */}
      <button
        type="button"
        aria-pressed={selected}
        onClick={onSelect}
        className={clsx(
          'flex w-full min-w-0 items-start gap-3 p-4 pr-14',
          'rounded-2xl text-left',
          'focus-visible:-outline-offset-2!',
        )}
      >
        {tier.thumbnail ? (
          <TendImage path={tier.thumbnail} size="xs" alt="" className="size-14 shrink-0 rounded-xl object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700"
          >
            <RectangleStackIcon className="size-7" />
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className="block text-xs font-semibold uppercase tracking-wide text-stone-500">
            {TIER_TYPE_LABELS[tier.type]}
          </span>
          <span className="mt-0.5 line-clamp-2 block text-base font-semibold break-words text-stone-900">
            {tier.name}
          </span>
          {tier.description && (
            <span className="mt-1 line-clamp-2 block text-sm text-stone-600">{tier.description}</span>
          )}
          <span className="mt-3 flex flex-wrap items-center gap-2">
            <span className="text-sm font-semibold text-stone-900">
              {price.amount}
              {price.per && <span className="font-normal text-stone-500"> {price.per}</span>}
            </span>
            <StatusBadge published={tier.published} />
            {trial && (
              <span className={clsx(pillBadgeStyles, 'bg-amber-50 text-amber-900 ring-amber-600/20')}>{trial}</span>
            )}
            {tier.releaseAllContent && (
              <span className={clsx(pillBadgeStyles, 'bg-sky-50 text-sky-800 ring-sky-600/20')}>Course</span>
            )}
          </span>
        </span>
      </button>
      <Link
        to={`/program/tier/${encodeURIComponent(tier._id)}`}
        aria-label={`Edit ${tier.name}`}
        title={`Edit ${tier.name}`}
        className={clsx(
          'absolute top-3 right-3 inline-flex size-10 items-center justify-center',
          'rounded-lg text-stone-500',
          'hover:bg-stone-100 hover:text-stone-900',
        )}
      >
        <PencilSquareIcon className="size-5" aria-hidden="true" />
      </Link>
    </li>
  );
}

function StatusBadge({ published }: { published: boolean }) {
  return published ? (
    <span className={clsx(pillBadgeStyles, 'bg-brand-50 text-brand-800 ring-brand-600/20')}>Published</span>
  ) : (
    <span className={clsx(pillBadgeStyles, 'bg-stone-100 text-stone-700 ring-stone-500/20')}>Draft</span>
  );
}
