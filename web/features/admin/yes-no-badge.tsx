import clsx from 'clsx';

/** A yes/no flag in a table cell (the Users list's Facilitator column). */
export function YesNoBadge({ value }: { value: boolean }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-md px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        value ? 'bg-brand-50 text-brand-800 ring-brand-600/20' : 'bg-stone-50 text-stone-600 ring-stone-500/20',
      )}
    >
      {value ? 'Yes' : 'No'}
    </span>
  );
}
