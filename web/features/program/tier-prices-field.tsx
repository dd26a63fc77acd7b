import { useId } from 'react';
import { BILLING_INTERVALS, type BillingInterval } from '@common/tiers/intervals';
import { savingPercent } from '@common/tiers/prices';
import { BindField, type FieldBinding } from '@web/components/form/field-binding';
import { controlStyles } from '@web/components/form/field-frame';
import { TIER_PRICES_TEXTS } from './tier-prices-texts';

/** One row of the editor: an interval offered at an amount (dollars as typed), and whether it is the default. */
export type PriceRow = { interval: BillingInterval; price: number | null; default: boolean };

/** The price list after a change, kept with exactly one default while any price is offered. */
function withOneDefault(rows: PriceRow[]): PriceRow[] {
  if (rows.length === 0 || rows.some((r) => r.default)) return rows;
  return rows.map((r, i) => ({ ...r, default: i === 0 }));
}

/**
 * The tier form's prices of a subscription: per interval (week, month, year) a checkbox to offer
 * it, its amount, and a radio for the default; a longer interval says what it saves. Every
 * control is labelled and reached with the keyboard; rows stack at phone width.
 */
export function TierPricesField() {
  return (
    <BindField<PriceRow[] | undefined>
      field={{ name: 'prices', label: TIER_PRICES_TEXTS.legend }}
      render={(field) => <PricesEditor field={field} />}
    />
  );
}

export function PricesEditor({ field }: { field: FieldBinding<PriceRow[] | undefined> }) {
  const group = useId();
  const rows = field.value ?? [];
  const rowOf = (interval: BillingInterval) => rows.find((r) => r.interval === interval);
  const base = rows.find((r) => r.default);
  const set = (next: PriceRow[]) =>
    field.onChange(
      withOneDefault(next).sort(
        (a, b) => BILLING_INTERVALS.indexOf(a.interval) - BILLING_INTERVALS.indexOf(b.interval),
      ),
    );

  return (
    <fieldset className="space-y-3" aria-describedby={`${group}-hint`}>
      <legend className="text-sm font-medium text-stone-800">{TIER_PRICES_TEXTS.legend}</legend>
      <p id={`${group}-hint`} className="text-sm text-stone-600">
        {TIER_PRICES_TEXTS.hint}
      </p>
      <ul className="space-y-3">
        {BILLING_INTERVALS.map((interval) => {
          const row = rowOf(interval);
          const saving =
            row && base && !row.default && row.price !== null
              ? savingPercent(
                  { interval, cents: Math.round(Number(row.price) * 100) },
                  { interval: base.interval, cents: Math.round(Number(base.price ?? 0) * 100) },
                )
              : null;
          return (
            <li
              key={interval}
              className="flex flex-col gap-2 rounded-xl p-3 ring-1 ring-stone-200 ring-inset sm:flex-row sm:items-center sm:gap-4"
            >
              <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-stone-800 sm:w-40">
                <input
                  type="checkbox"
                  checked={row !== undefined}
                  onChange={(e) =>
                    set(
                      e.target.checked
                        ? [...rows, { interval, price: null, default: false }]
                        : rows.filter((r) => r.interval !== interval),
                    )
                  }
                  className="size-4 rounded border-stone-300 text-brand-700"
                />
                {TIER_PRICES_TEXTS.offer[interval]}
              </label>
              {row && (
                <>
                  <label className="flex flex-1 flex-col gap-1 text-sm text-stone-700">
                    {TIER_PRICES_TEXTS.amount[interval]}
                    <input
                      type="number"
                      min={0}
                      step={0.01}
                      inputMode="decimal"
                      value={row.price ?? ''}
                      onChange={(e) =>
                        set(
                          rows.map((r) =>
                            r.interval === interval
                              ? { ...r, price: e.target.value === '' ? null : Number(e.target.value) }
                              : r,
                          ),
                        )
                      }
                      onBlur={field.onBlur}
                      className={controlStyles(false)}
                    />
                  </label>
                  <label className="flex min-h-11 items-center gap-2 text-sm text-stone-700">
                    <input
                      type="radio"
                      name={`${group}-default`}
                      checked={row.default}
                      onChange={() => set(rows.map((r) => ({ ...r, default: r.interval === interval })))}
                      className="size-4 border-stone-300 text-brand-700"
                    />
                    {TIER_PRICES_TEXTS.isDefault[interval]}
                  </label>
                  {saving !== null && (
                    <p className="text-sm font-medium text-brand-800">{TIER_PRICES_TEXTS.save(saving)}</p>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ul>
      {rows.length === 0 && <p className="text-sm text-red-700">{TIER_PRICES_TEXTS.noneOffered}</p>}
      {field.error && (
        <p role="alert" className="text-sm text-red-700">
          {field.error}
        </p>
      )}
    </fieldset>
  );
}
