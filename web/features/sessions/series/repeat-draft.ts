import { occurrencesOf, patternOf } from '@common/sessions/series/expand';
import { SERIES_ERRORS } from '@common/sessions/series/errors';
import { SERIES_MAX_OCCURRENCES } from '@common/sessions/series/limits';
import { SeriesRule, weekdayOf, type Weekday } from '@common/sessions/series/rule';
import { occurrencesText } from '@common/sessions/series/summary';
import { wallClockOf } from '@common/sessions/series/zone-time';
import { addDays } from '@common/time';

/** The Repeat section's inputs as typed, before they make a rule. */
export type RepeatDraft = {
  frequency: 'none' | SeriesRule['frequency'];
  interval: string;
  weekdays: Weekday[];
  ends: 'on' | 'after';
  until: string;
  count: string;
};

/** A new session: does not repeat; once it does, weekly on the start's day, ten times. */
export const newDraft = (startDate: string | undefined): RepeatDraft => ({
  frequency: 'none',
  interval: '1',
  weekdays: startDate ? [weekdayOf(startDate)] : [],
  ends: 'after',
  until: startDate ? addDays(startDate, 91) : '',
  count: '10',
});

/** A series' rule as the section shows it; its end as a date, so 'following' keeps the same last day. */
export const draftOf = (rule: SeriesRule, lastDate: string): RepeatDraft => ({
  frequency: rule.frequency,
  interval: String(rule.interval),
  weekdays: rule.weekdays,
  ends: 'on',
  until: lastDate,
  count: rule.ends.type === 'after' ? String(rule.ends.count) : '10',
});

export type DraftResult = { rule: SeriesRule } | { error: string } | null;

/** The rule the draft makes (null: does not repeat), or why it makes none. */
export function ruleOfDraft(draft: RepeatDraft): DraftResult {
  if (draft.frequency === 'none') return null;
  const parsed = SeriesRule.safeParse({
    frequency: draft.frequency,
    interval: draft.interval,
    weekdays: draft.weekdays,
    ends: draft.ends === 'on' ? { type: 'on', date: draft.until } : { type: 'after', count: draft.count },
  });
  return parsed.success ? { rule: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'Check the repeat rule' };
}

/** What the preview says: how many sessions from when to when, or why there are none. */
export type Preview = { text: string; ok: boolean };

export function previewOf(draft: RepeatDraft, start: string | null, timeZone: string): Preview | null {
  const result = ruleOfDraft(draft);
  if (!result) return null;
  if ('error' in result) return { text: result.error, ok: false };
  if (!start) return { text: 'Choose a start time to see the sessions.', ok: false };
  const pattern = patternOf(result.rule, wallClockOf(new Date(start), timeZone), timeZone);
  const all = pattern ? occurrencesOf(pattern) : [];
  if (all.length === 0) return { text: SERIES_ERRORS.series_empty, ok: false };
  if (all.length > SERIES_MAX_OCCURRENCES) return { text: SERIES_ERRORS.series_too_long, ok: false };
  return { text: occurrencesText(all), ok: true };
}
