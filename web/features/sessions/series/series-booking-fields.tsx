import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import type { SeriesBookingSettings, SeriesPayment } from '@common/sessions/series/schemas';
import { controlStyles } from '@web/components/form/field-frame';
import { SERIES_BOOKING_TEXTS as TEXTS } from './series-booking-texts';

/** The editor's draft of the series booking settings: the series price as typed ('' for the sum). */
export type SeriesBookingDraft = { allow: boolean; payment: SeriesPayment; price: string };

export const bookingDraftOf = (series?: {
  wholeSeriesBooking?: boolean;
  seriesPayment?: SeriesPayment;
  seriesPrice?: number | null;
}): SeriesBookingDraft => ({
  allow: series?.wholeSeriesBooking ?? false,
  payment: series?.seriesPayment ?? 'per_occurrence',
  price: series?.seriesPrice == null ? '' : String(series.seriesPrice),
});

/** The settings a save sends: the series price only for one payment, empty meaning the sum. */
export function bookingSettingsOf(draft: SeriesBookingDraft): SeriesBookingSettings {
  const price = draft.price.trim() === '' ? null : Number(draft.price);
  return {
    wholeSeriesBooking: draft.allow,
    seriesPayment: draft.payment,
    seriesPrice:
      draft.payment === 'whole_series' && price !== null && Number.isFinite(price) && price >= 0 ? price : null,
  };
}

const labelStyles = 'block text-sm font-medium text-stone-900';

/**
 * The Repeat section's series booking settings: whether members may book every remaining session
 * at once and, for a paid series, whether they pay each session on its own or once for all of
 * them (at the series price, or the sum of the sessions' prices when it is left empty).
 */
export function SeriesBookingFields({
  draft,
  onChange,
}: {
  draft: SeriesBookingDraft;
  onChange: (draft: SeriesBookingDraft) => void;
}) {
  const ids = { allow: useId(), payment: useId(), price: useId(), hint: useId() };
  const price = Number(useWatch({ name: 'price' }) ?? 0);
  const set = (change: Partial<SeriesBookingDraft>) => onChange({ ...draft, ...change });
  return (
    <fieldset className="space-y-3 border-t border-stone-200 pt-3">
      <legend className="sr-only">{TEXTS.settingsLegend}</legend>
      <label htmlFor={ids.allow} className="flex items-start gap-2 text-sm text-stone-900">
        <input
          id={ids.allow}
          type="checkbox"
          className="mt-0.5 size-4 rounded border-stone-300 text-brand-700"
          checked={draft.allow}
          onChange={(e) => set({ allow: e.target.checked })}
        />
        {TEXTS.allow}
      </label>
      {draft.allow && price > 0 && (
        <div className="space-y-3 pl-6">
          <div>
            <label htmlFor={ids.payment} className={labelStyles}>
              {TEXTS.payment}
            </label>
            <select
              id={ids.payment}
              className={controlStyles(false, 'sm:max-w-xs')}
              value={draft.payment}
              onChange={(e) => set({ payment: e.target.value as SeriesPayment })}
            >
              <option value="per_occurrence">{TEXTS.perOccurrence}</option>
              <option value="whole_series">{TEXTS.wholeSeries}</option>
            </select>
          </div>
          {draft.payment === 'whole_series' && (
            <div>
              <label htmlFor={ids.price} className={labelStyles}>
                {TEXTS.seriesPrice}
              </label>
              <input
                id={ids.price}
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                className={controlStyles(false, 'sm:max-w-xs')}
                aria-describedby={ids.hint}
                value={draft.price}
                onChange={(e) => set({ price: e.target.value })}
              />
              <p id={ids.hint} className="mt-1 text-xs text-stone-600">
                {TEXTS.seriesPriceHint}
              </p>
            </div>
          )}
        </div>
      )}
    </fieldset>
  );
}
