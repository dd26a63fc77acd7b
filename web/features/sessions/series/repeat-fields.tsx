import { useId } from 'react';
import clsx from 'clsx';
import { SERIES_MAX_INTERVAL, WEEKDAYS, weekOfMonth, weekdayOf, type Weekday } from '@common/sessions/series/rule';
import { controlStyles } from '@web/components/form/field-frame';
import type { RepeatDraft } from './repeat-draft';

const DAY_NAMES: Record<Weekday, [short: string, long: string]> = {
  MO: ['M', 'Monday'],
  TU: ['T', 'Tuesday'],
  WE: ['W', 'Wednesday'],
  TH: ['T', 'Thursday'],
  FR: ['F', 'Friday'],
  SA: ['S', 'Saturday'],
  SU: ['S', 'Sunday'],
};
const NTH = ['', 'first', 'second', 'third', 'fourth'];
const UNITS = { daily: 'days', weekly: 'weeks', monthly: 'months' } as const;

type RepeatFieldsProps = {
  draft: RepeatDraft;
  onChange: (draft: RepeatDraft) => void;
  /** the start's local date, for the monthly choice's words */
  startDate: string | undefined;
  /** 'Does not repeat' is offered only while a session is not yet part of a series */
  canStop: boolean;
};

const labelStyles = 'block text-sm font-medium text-stone-900';

/** The controls of a repeat rule: how often, on which days, every how many, and until when. */
export function RepeatFields({ draft, onChange, startDate, canStop }: RepeatFieldsProps) {
  const ids = { frequency: useId(), days: useId(), interval: useId(), until: useId(), count: useId() };
  const set = (change: Partial<RepeatDraft>) => onChange({ ...draft, ...change });
  const monthly = startDate
    ? `Monthly on the ${weekOfMonth(startDate) === -1 ? 'last' : NTH[weekOfMonth(startDate)]} ${DAY_NAMES[weekdayOf(startDate)][1]}`
    : 'Monthly';
  const toggle = (day: Weekday) =>
    set({
      weekdays: draft.weekdays.includes(day) ? draft.weekdays.filter((d) => d !== day) : [...draft.weekdays, day],
    });

  return (
    <div className="space-y-4">
      <div>
        {/* the section's heading says Repeat above it */}
        <label htmlFor={ids.frequency} className="sr-only">
          Repeat
        </label>
        <select
          id={ids.frequency}
          value={draft.frequency}
          onChange={(event) => set({ frequency: event.target.value as RepeatDraft['frequency'] })}
          className={controlStyles(false, 'sm:max-w-xs')}
        >
          {canStop && <option value="none">Does not repeat</option>}
          <option value="daily">Daily</option>
          <option value="weekly">Weekly</option>
          <option value="monthly">{monthly}</option>
        </select>
      </div>

      {draft.frequency === 'weekly' && (
        <div role="group" aria-labelledby={ids.days}>
          <span id={ids.days} className={labelStyles}>
            On
          </span>
          <div className="mt-1.5 flex flex-wrap gap-1">
            {WEEKDAYS.map((day) => {
              const on = draft.weekdays.includes(day);
              return (
                <button
                  key={day}
                  type="button"
                  aria-pressed={on}
                  aria-label={DAY_NAMES[day][1]}
                  title={DAY_NAMES[day][1]}
                  onClick={() => toggle(day)}
                  className={clsx(
                    'size-9 rounded-full border text-sm font-semibold',
                    on
                      ? 'border-brand-700 bg-brand-700 text-white'
                      : 'border-stone-400 bg-white text-stone-800 hover:bg-stone-50',
                  )}
                >
                  {DAY_NAMES[day][0]}
                </button>
              );
            })}
          </div>
        </div>
      )}

      {draft.frequency !== 'none' && (
        <>
          <div>
            <label htmlFor={ids.interval} className={labelStyles}>
              Every
            </label>
            <div className="mt-1.5 flex items-center gap-2">
              <div className="w-20">
                <input
                  id={ids.interval}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={SERIES_MAX_INTERVAL}
                  value={draft.interval}
                  onChange={(event) => set({ interval: event.target.value })}
                  aria-describedby={`${ids.interval}-unit`}
                  className={controlStyles(false)}
                />
              </div>
              <span id={`${ids.interval}-unit`} className="text-sm text-stone-700">
                {UNITS[draft.frequency]}
              </span>
            </div>
          </div>

          <fieldset>
            <legend className={labelStyles}>Ends</legend>
            <div className="mt-1.5 space-y-2">
              <div className="flex flex-wrap items-center gap-2">
                <input
                  id={`${ids.until}-choice`}
                  type="radio"
                  name={`${ids.until}-ends`}
                  checked={draft.ends === 'on'}
                  onChange={() => set({ ends: 'on' })}
                  className="size-4 accent-brand-700"
                />
                <label htmlFor={`${ids.until}-choice`} className="w-14 text-sm text-stone-800">
                  On
                </label>
                <div className="w-44">
                  <input
                    id={ids.until}
                    type="date"
                    aria-label="Last date"
                    value={draft.until}
                    min={startDate}
                    disabled={draft.ends !== 'on'}
                    onChange={(event) => set({ until: event.target.value })}
                    className={controlStyles(false)}
                  />
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <input
                  id={`${ids.count}-choice`}
                  type="radio"
                  name={`${ids.until}-ends`}
                  checked={draft.ends === 'after'}
                  onChange={() => set({ ends: 'after' })}
                  className="size-4 accent-brand-700"
                />
                <label htmlFor={`${ids.count}-choice`} className="w-14 text-sm text-stone-800">
                  After
                </label>
                <div className="w-24">
                  <input
                    id={ids.count}
                    type="number"
                    inputMode="numeric"
                    aria-label="Number of sessions"
                    min={1}
                    value={draft.count}
                    disabled={draft.ends !== 'after'}
                    onChange={(event) => set({ count: event.target.value })}
                    className={controlStyles(false)}
                  />
                </div>
                <span className="text-sm text-stone-700">sessions</span>
              </div>
            </div>
          </fieldset>
        </>
      )}
    </div>
  );
}
