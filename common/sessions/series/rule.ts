import { z } from 'zod';
import { RRule } from './rrule-module';
import type { WallClock } from './zone-time';

/** Every N days, weeks or months: N up to this. */
export const SERIES_MAX_INTERVAL = 12;

/** RFC 5545 weekday codes, Monday first (a series' weeks start on Monday, WKST=MO). */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const SeriesFrequency = z.enum(['daily', 'weekly', 'monthly']);

/** How a series ends: on a date (its last session is on or before it) or after a number of sessions. */
export const SeriesEnd = z.discriminatedUnion('type', [
  z.object({ type: z.literal('on'), date: z.iso.date('Choose the last date') }),
  z.object({
    type: z.literal('after'),
    count: z.coerce.number().int('A whole number of sessions').min(1, 'At least one session').max(10_000),
  }),
]);

/**
 * A repeat rule as the form and the API hold it: daily, weekly on chosen weekdays, or monthly on
 * the start's weekday of the month (the 2nd Tuesday, the last Friday); every `interval` of them;
 * ending on a date or after a count. It is stored as an RRULE (RFC 5545) with the series' start.
 */
export const SeriesRule = z
  .object({
    frequency: SeriesFrequency,
    interval: z.coerce.number().int().min(1).max(SERIES_MAX_INTERVAL).default(1),
    /** weekly only: the days it repeats on */
    weekdays: z.array(z.enum(WEEKDAYS)).max(7).default([]),
    ends: SeriesEnd,
  })
  .refine((r) => r.frequency !== 'weekly' || r.weekdays.length > 0, {
    message: 'Choose at least one day',
    path: ['weekdays'],
  });
export type SeriesRule = z.infer<typeof SeriesRule>;

const FREQUENCY_CODES = { daily: 'DAILY', weekly: 'WEEKLY', monthly: 'MONTHLY' } as const;
const byWeekOrder = (days: readonly Weekday[]) => WEEKDAYS.filter((d) => days.includes(d));

/** The weekday of a local date (YYYY-MM-DD). */
export const weekdayOf = (date: string): Weekday => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;

/** Which of its weekday in the month a date is: 1..4, or -1 for the last (a 5th is always the last). */
export function weekOfMonth(date: string): number {
  const day = Number(date.slice(8, 10));
  const nth = Math.ceil(day / 7);
  return nth === 5 ? -1 : nth;
}

/**
 * The RRULE value (without DTSTART) of `rule` for a series starting at `start`. UNTIL is the end
 * of the last day as a floating local time, like DTSTART: the rule is expanded in wall-clock time
 * and each occurrence placed in the series' zone afterwards.
 */
export function rruleText(rule: SeriesRule, start: WallClock): string {
  const parts = [`FREQ=${FREQUENCY_CODES[rule.frequency]}`, `INTERVAL=${rule.interval}`];
  if (rule.frequency === 'weekly') parts.push(`BYDAY=${byWeekOrder(rule.weekdays).join(',')}`, 'WKST=MO');
  if (rule.frequency === 'monthly') {
    const date = start.slice(0, 10);
    parts.push(`BYDAY=${weekOfMonth(date)}${weekdayOf(date)}`);
  }
  parts.push(
    rule.ends.type === 'after' ? `COUNT=${rule.ends.count}` : `UNTIL=${rule.ends.date.replace(/-/g, '')}T235959`,
  );
  return parts.join(';');
}

/** The rule an RRULE value written by `rruleText` holds (to show and edit it). */
export function ruleOf(text: string): SeriesRule {
  const options = RRule.parseString(text);
  const frequency = options.freq === RRule.DAILY ? 'daily' : options.freq === RRule.MONTHLY ? 'monthly' : 'weekly';
  const byDay = [options.byweekday ?? []].flat();
  const weekdays =
    frequency === 'weekly'
      ? byWeekOrder(
          byDay.map(
            (d) =>
              WEEKDAYS[typeof d === 'number' ? d : typeof d === 'string' ? WEEKDAYS.indexOf(d as Weekday) : d.weekday]!,
          ),
        )
      : [];
  const ends = options.count
    ? { type: 'after' as const, count: options.count }
    : { type: 'on' as const, date: (options.until ?? new Date()).toISOString().slice(0, 10) };
  return { frequency, interval: options.interval ?? 1, weekdays, ends };
}
