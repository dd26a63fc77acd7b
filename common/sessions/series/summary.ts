import { ruleOf, weekOfMonth, weekdayOf, type SeriesRule, type Weekday } from './rule';
import type { Occurrence, SeriesPattern } from './expand';

const DAY_NAMES: Record<Weekday, string> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
};
const NTH = ['', '1st', '2nd', '3rd', '4th'];

const every = (interval: number, one: string, unit: string) => (interval === 1 ? one : `Every ${interval} ${unit}`);

/** 'Weekly on Mon, Wed', 'Every 2 weeks on Fri', 'Daily', 'Monthly on the last Tue'. */
export function ruleText(rule: SeriesRule, startDate: string): string {
  if (rule.frequency === 'daily') return every(rule.interval, 'Daily', 'days');
  if (rule.frequency === 'weekly')
    return `${every(rule.interval, 'Weekly', 'weeks')} on ${rule.weekdays.map((d) => DAY_NAMES[d]).join(', ')}`;
  const nth = weekOfMonth(startDate);
  return `${every(rule.interval, 'Monthly', 'months')} on the ${nth === -1 ? 'last' : NTH[nth]} ${DAY_NAMES[weekdayOf(startDate)]}`;
}

/** A series in a line, at its local time: 'Weekly on Mon, Wed · 07:00'. */
export const seriesSummary = (series: Pick<SeriesPattern, 'rrule' | 'localStart'>) =>
  `${ruleText(ruleOf(series.rrule), series.localStart.slice(0, 10))} · ${series.localStart.slice(11, 16)}`;

/** 'Mon 01/05/2027' (dates are shown MM/dd/yyyy everywhere). */
export const occurrenceDateText = (date: string) =>
  `${DAY_NAMES[weekdayOf(date)]} ${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

/** '12 sessions, Mon 01/05/2027 – Mon 03/23/2027'; one session names its day only. */
export function occurrencesText(occurrences: readonly Pick<Occurrence, 'date'>[]): string {
  const first = occurrences[0];
  const last = occurrences.at(-1);
  if (!first || !last) return 'No sessions';
  if (occurrences.length === 1) return `1 session, ${occurrenceDateText(first.date)}`;
  return `${occurrences.length} sessions, ${occurrenceDateText(first.date)} – ${occurrenceDateText(last.date)}`;
}

/**
 * How an occurrence's series repeats, for a session's details: 'Weekly on Mon, Wed, until
 * 03/30/2027' (its days in the series' zone; the last date it runs to, however its rule ends).
 */
export const recurrenceText = (series: Pick<SeriesPattern, 'rrule' | 'localStart'> & { lastDate: string }) =>
  `${ruleText(ruleOf(series.rrule), series.localStart.slice(0, 10))}, until ${series.lastDate.slice(5, 7)}/${series.lastDate.slice(8, 10)}/${series.lastDate.slice(0, 4)}`;
