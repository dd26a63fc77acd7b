import { addDays } from '../../../common/time';
import { occurrencesOf, type Occurrence, type SeriesPattern } from '../../../common/sessions/series/expand';
import { SERIES_MAX_OCCURRENCES } from '../../../common/sessions/series/limits';
import { rruleText, type SeriesRule } from '../../../common/sessions/series/rule';
import { wallClockOf } from '../../../common/sessions/series/zone-time';
import type { Session, SessionSeries } from '../../db/schema';
import { badRequest } from '../../platform/errors';

/**
 * The pure part of a series: which occurrences exist, which were cancelled, and what each one
 * becomes when the series changes. series-service.ts reads and writes; this file decides.
 */

/** How far ahead occurrences are made: about six months (the horizon job moves it daily). */
export const HORIZON_DAYS = 183;

/** What every occurrence of a series starts from. */
export type SeriesTemplate = Pick<
  SessionSeries,
  'name' | 'description' | 'priceCents' | 'meetingUrl' | 'durationMinutes' | 'capacity'
>;

/** The local date of an instant in the series' zone. */
export const localDateOf = (at: Date, timeZone: string) => wallClockOf(at, timeZone).slice(0, 10);

/** The last date the series makes occurrences for now: the horizon or its last date, whichever is first. */
export const throughDate = (lastDate: string, timeZone: string, now: Date) => {
  const horizon = addDays(localDateOf(now, timeZone), HORIZON_DAYS);
  return horizon < lastDate ? horizon : lastDate;
};

/** Every occurrence of a pattern, refused when there are none or more than the cap. */
export function boundedOccurrences(pattern: SeriesPattern): Occurrence[] {
  const all = occurrencesOf(pattern);
  if (all.length === 0) throw badRequest('series_empty');
  if (all.length > SERIES_MAX_OCCURRENCES) throw badRequest('series_too_long');
  return all;
}

/** The row of a new occurrence, from the series' template. */
export const occurrenceRow = (
  series: Pick<SessionSeries, 'id' | 'facilitatorId'>,
  template: SeriesTemplate,
  occurrence: Occurrence,
) => ({
  facilitatorId: series.facilitatorId,
  seriesId: series.id,
  originalStart: occurrence.start,
  startTime: occurrence.start,
  endTime: new Date(occurrence.start.getTime() + template.durationMinutes * 60_000),
  name: template.name,
  description: template.description,
  priceCents: template.priceCents,
  meetingUrl: template.meetingUrl,
  ...(template.capacity !== null && { capacity: template.capacity }),
});

/** The local date an occurrence row stands for in its series (its RECURRENCE-ID's day). */
export const occurrenceDate = (row: Pick<Session, 'originalStart' | 'startTime'>, timeZone: string) =>
  localDateOf(row.originalStart ?? row.startTime, timeZone);

/**
 * The cancelled dates of a series (its EXDATEs): dates of its rule up to the day it has been
 * made through that have no occurrence row. A deleted occurrence is never made again, since the
 * horizon only moves forward.
 */
export function cancelledDates(series: SessionSeries, rows: Pick<Session, 'originalStart' | 'startTime'>[]) {
  const made = new Set(rows.map((row) => occurrenceDate(row, series.timeZone)));
  return occurrencesOf(series)
    .filter((o) => o.date <= series.materialisedThrough && !made.has(o.date))
    .map((o) => o.date);
}

/** Whether two rules repeat the same way (their ends aside), read from the same start. */
export function sameShape(a: SeriesRule, b: SeriesRule, start: string) {
  const shape = (rule: SeriesRule) => rruleText({ ...rule, ends: { type: 'after', count: 1 } }, start);
  return shape(a) === shape(b);
}

/** A rule cut to end the day before `date` (a series split or ended there). */
export const endingBefore = (rule: SeriesRule, date: string): SeriesRule => ({
  ...rule,
  ends: { type: 'on', date: addDays(date, -1) },
});

/** The rest of a rule from `date`: the same end date, or the sessions a count still had to go. */
export function continuing(rule: SeriesRule, all: Occurrence[], date: string): SeriesRule {
  if (rule.ends.type === 'on') return rule;
  const before = all.filter((o) => o.date < date).length;
  return { ...rule, ends: { type: 'after', count: Math.max(1, rule.ends.count - before) } };
}

/** What an occurrence's own values are: those that differ from the template it was made from. */
const isOwnTime = (row: Session, previous: SeriesTemplate) =>
  row.originalStart === null ||
  row.startTime.getTime() !== row.originalStart.getTime() ||
  row.endTime.getTime() - row.startTime.getTime() !== previous.durationMinutes * 60_000;

/**
 * An occurrence after a change of its series: each value it has of its own (different from the
 * template it was made from) stays; the others take the new template's, its time the new rule's.
 * A booked occurrence keeps its price (a booking's price is fixed).
 */
export function nextValues(
  row: Session,
  previous: SeriesTemplate,
  next: SeriesTemplate,
  occurrence: Occurrence,
  booked: boolean,
) {
  const pick = <K extends 'name' | 'description' | 'meetingUrl'>(key: K) =>
    row[key] === previous[key] ? next[key] : row[key];
  const ownTime = isOwnTime(row, previous);
  const startTime = ownTime ? row.startTime : occurrence.start;
  const priceCents = row.priceCents === previous.priceCents && !booked ? next.priceCents : row.priceCents;
  const capacity = row.capacity === (previous.capacity ?? 1) ? (next.capacity ?? row.capacity) : row.capacity;
  return {
    name: pick('name'),
    description: pick('description'),
    meetingUrl: pick('meetingUrl'),
    priceCents,
    capacity,
    startTime,
    endTime: ownTime ? row.endTime : new Date(startTime.getTime() + next.durationMinutes * 60_000),
  };
}
export type OccurrenceValues = ReturnType<typeof nextValues>;

export const differs = (row: Session, values: OccurrenceValues) =>
  row.name !== values.name ||
  row.description !== values.description ||
  row.meetingUrl !== values.meetingUrl ||
  row.priceCents !== values.priceCents ||
  row.capacity !== values.capacity ||
  row.startTime.getTime() !== values.startTime.getTime() ||
  row.endTime.getTime() !== values.endTime.getTime();
