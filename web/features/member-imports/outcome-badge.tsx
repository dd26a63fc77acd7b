import clsx from 'clsx';
import type { RowOutcome } from '@common/member-imports/schemas';

export const OUTCOME_TEXT: Record<RowOutcome, string> = {
  new_account: 'New account',
  joins_tier: 'Joins tier',
  no_change: 'No change',
  error: 'Error',
};

const TONE: Record<RowOutcome, string> = {
  new_account: 'bg-brand-50 text-brand-800 ring-brand-100',
  joins_tier: 'bg-sky-50 text-sky-900 ring-sky-200',
  no_change: 'bg-stone-100 text-stone-800 ring-stone-200',
  error: 'bg-red-50 text-red-800 ring-red-200',
};

/** A row's outcome as a coloured label (the words carry it; the colour only repeats them). */
export function OutcomeBadge({ outcome }: { outcome: RowOutcome }) {
  return (
    <span className={clsx('inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', TONE[outcome])}>
      {OUTCOME_TEXT[outcome]}
    </span>
  );
}
