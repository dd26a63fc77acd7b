import { ChevronLeftIcon, ChevronRightIcon } from '@heroicons/react/20/solid';
import { weekRangeText } from './session-week';
import { SESSION_TEXTS } from './session-texts';
import clsx from 'clsx';

type WeekNavigationProps = {
  weekStart: Date;
  headingId: string;
  onShift: (weeks: number) => void;
  /** Shown when another week is on screen: back to this week. */
  onThisWeek?: () => void;
};

const arrowStyles = clsx(
  'inline-flex size-11 items-center justify-center',
  'rounded-lg border border-stone-400 bg-white text-stone-700 shadow-sm',
  'hover:bg-stone-50 hover:text-stone-900',
);

/** Session calendar: previous and next week arrows around the week's dates. */
export function WeekNavigation({ weekStart, headingId, onShift, onThisWeek }: WeekNavigationProps) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <button type="button" aria-label={SESSION_TEXTS.previousWeek} onClick={() => onShift(-1)} className={arrowStyles}>
        <ChevronLeftIcon aria-hidden="true" className="size-5" />
      </button>
      {/* Announced when the week changes. */}
      <h2
        id={headingId}
        aria-live="polite"
        className="min-w-0 px-1 text-center text-base font-semibold text-stone-900 sm:text-lg"
      >
        {weekRangeText(weekStart)}
      </h2>
      <button type="button" aria-label={SESSION_TEXTS.nextWeek} onClick={() => onShift(1)} className={arrowStyles}>
        <ChevronRightIcon aria-hidden="true" className="size-5" />
      </button>
      {onThisWeek && (
        <button
          type="button"
          onClick={onThisWeek}
          className={clsx(
            'min-h-11 px-3',
            'rounded-lg text-sm font-semibold text-brand-800',
            'hover:bg-brand-50 hover:text-brand-900',
          )}
        >
          This week
        </button>
      )}
    </div>
  );
}
