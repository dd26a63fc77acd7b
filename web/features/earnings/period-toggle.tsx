import { useId } from 'react';
import { REVENUE_PERIODS, RevenuePeriod } from '@common/payments/schemas';
import clsx from 'clsx';

export const PERIOD_LABELS: Record<RevenuePeriod, string> = { week: 'Week', month: 'Month', year: 'Year' };

/** Default chart period: Year; anything else in the address falls back to it. */
export const periodFrom = (value: string | null): RevenuePeriod => RevenuePeriod.catch('year').parse(value);

/**
 * Week / Month / Year as a segmented control. Native radios (transparent, over their labels), so
 * arrow keys move the choice, screen readers announce "Period, radio group", and a click lands on
 * the radio itself.
 */
export function PeriodToggle({ value, onChange }: { value: RevenuePeriod; onChange: (period: RevenuePeriod) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="sr-only">Period</legend>
      <div className="inline-flex rounded-lg bg-stone-100 p-1 ring-1 ring-stone-200 ring-inset">
        {REVENUE_PERIODS.map((period) => (
          <label key={period} className="relative">
            <input
              type="radio"
              name={name}
              value={period}
              checked={value === period}
              onChange={() => onChange(period)}
              className="peer absolute inset-0 z-10 m-0 cursor-pointer appearance-none opacity-0"
            />
            <span
              className={clsx(
                'flex min-h-9 items-center px-3.5',
                'rounded-md text-sm font-medium text-stone-600',
                'transition-colors',
                'peer-checked:bg-white peer-checked:text-stone-900 peer-checked:shadow-sm',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1',
                'peer-focus-visible:outline-brand-700 hover:text-stone-900',
              )}
            >
              {PERIOD_LABELS[period]}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
