import { useId } from 'react';
import { useController } from 'react-hook-form';
import { Button } from '@web/components/button';
import { Spinner } from '@web/components/spinner';
import { CheckboxCards } from './checkbox-cards';
import { useOwnSeries } from './api/get-own-series';
import { CREDIT_SERIES_TEXTS as T } from './credit-series-texts';

/**
 * Tier form: the series whose sessions a tier's credits book, as a list of checkboxes of the
 * facilitator's series (name, how it repeats, until when). None ticked: any paid session.
 */
export function CreditSeriesField() {
  const id = useId();
  const series = useOwnSeries();
  const { field } = useController<{ creditSeriesIds: string[] }, 'creditSeriesIds'>({ name: 'creditSeriesIds' });
  const chosen = field.value ?? [];
  const listed = series.data ?? [];
  // a chosen series the list does not hold stays chosen (and can be unticked) rather than vanishing
  const unknown = series.isSuccess ? chosen.filter((s) => !listed.some((l) => l._id === s)) : [];
  const choices = [
    ...listed.map((s) => ({ id: s._id, name: s.name, detail: `${s.summary} · ${T.until(s.lastDate)}` })),
    ...unknown.map((s) => ({ id: s, name: T.unknown })),
  ];

  return (
    <fieldset aria-describedby={`${id}-explain ${id}-chosen`} className="min-w-0">
      <legend className="text-sm font-medium text-stone-800">{T.legend}</legend>
      <p id={`${id}-explain`} className="mt-1 text-sm text-stone-500">
        {T.explain}
      </p>
      {series.isPending ? (
        <div className="mt-2 text-sm text-stone-600">
          <Spinner label={T.loading} />
          <span aria-hidden="true" className="ml-2">
            {T.loading}
          </span>
        </div>
      ) : series.isError ? (
        <div
          role="alert"
          className="mt-2 flex flex-wrap items-center gap-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <span>{T.failed}</span>
          <Button variant="secondary" size="sm" onClick={() => series.refetch()}>
            {T.retry}
          </Button>
        </div>
      ) : choices.length === 0 ? (
        <p className="mt-2 rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-600 ring-1 ring-inset ring-stone-200">
          {T.empty}
        </p>
      ) : (
        <CheckboxCards idPrefix={id} choices={choices} field={field} />
      )}
      <p id={`${id}-chosen`} aria-live="polite" className="mt-2 text-sm text-stone-700">
        {chosen.length === 0 ? T.allSessions : T.chosen(chosen.length)}
      </p>
    </fieldset>
  );
}
