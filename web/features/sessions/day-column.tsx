import { useId, type ReactNode } from 'react';
import { format, isSameDay } from 'date-fns';
import clsx from 'clsx';

type DayColumnProps = {
  day: Date;
  now: Date;
  count: number;
  children: ReactNode;
};

/**
 * One day of the week: its name and date, then its sessions. On phones the days stack and a day
 * without sessions folds away; from md the seven sit side by side.
 */
export function DayColumn({ day, now, count, children }: DayColumnProps) {
  const headingId = useId();
  const today = isSameDay(day, now);
  return (
    <li
      aria-labelledby={headingId}
      className={clsx(
        'min-w-0 rounded-2xl border p-2.5 shadow-sm md:p-1.5 lg:p-2.5',
        today ? 'border-brand-600/40 bg-brand-50/30' : 'border-stone-200 bg-white',
        count === 0 && 'hidden md:block',
      )}
    >
      <h3
        id={headingId}
        aria-label={format(day, 'EEEE, MM/dd/yyyy')}
        className="flex items-baseline gap-1.5 px-0.5 md:flex-col md:gap-0"
      >
        <span
          className={clsx('text-xs font-semibold tracking-wide uppercase', today ? 'text-brand-800' : 'text-stone-500')}
        >
          {format(day, 'EEE')}
        </span>
        <span className={clsx('text-lg font-semibold tabular-nums', today ? 'text-brand-800' : 'text-stone-900')}>
          {format(day, 'd')}
        </span>
        {today && <span className="text-xs font-medium text-brand-800 md:sr-only">Today</span>}
      </h3>
      {count > 0 ? (
        <ul className="mt-2 space-y-2">{children}</ul>
      ) : (
        <p className="mt-2 px-0.5 text-xs text-stone-400">
          <span aria-hidden="true">—</span>
          <span className="sr-only">Nothing this day</span>
        </p>
      )}
    </li>
  );
}
