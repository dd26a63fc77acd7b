import { useId } from 'react';
import clsx from 'clsx';
import type { BillingInterval } from '@common/tiers/intervals';
import type { TierPriceAnswer } from '@common/tiers/prices';
import { PRICE_TEXTS } from './subscription-texts';

type PriceChoiceProps = {
  prices: TierPriceAnswer[];
  value: BillingInterval;
  onChange: (interval: BillingInterval) => void;
};

/**
 * A plan's choice of billing interval: a segmented control of radio buttons (arrow keys move
 * between them), each naming its interval and, for a longer one, what it saves ('save 30%').
 */
export function PriceChoice({ prices, value, onChange }: PriceChoiceProps) {
  const name = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{PRICE_TEXTS.chooseLabel}</legend>
      <div className="flex rounded-lg bg-stone-100 p-1">
        {prices.map((p) => (
          <label
            key={p.id}
            className={clsx(
              'flex min-h-10 flex-1 cursor-pointer flex-col items-center justify-center rounded-md px-2 py-1 text-center text-sm',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
              value === p.interval ? 'bg-white font-semibold text-stone-900 shadow-sm' : 'text-stone-600',
            )}
          >
            <input
              type="radio"
              name={name}
              value={p.interval}
              checked={value === p.interval}
              onChange={() => onChange(p.interval)}
              className="sr-only"
            />
            <span>{PRICE_TEXTS.interval[p.interval]}</span>{' '}
            {p.savingPercent !== null && (
              <span className="text-xs font-medium text-brand-800">{PRICE_TEXTS.save(p.savingPercent)}</span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
