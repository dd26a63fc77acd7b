import { RRule } from './rrule-module';
import { SERIES_MAX_OCCURRENCES } from './limits';
import { rruleText, type SeriesRule } from './rule';
import { instantOf, type WallClock } from './zone-time';

/** What expanding a series needs: its RRULE, its first local start and its zone. */
export type SeriesPattern = { rrule: string; localStart: WallClock; timeZone: string };

/** One occurrence of a series: its local date (its identity in the series), wall clock and instant. */
export type Occurrence = { date: string; wall: WallClock; start: Date };

/** A wall clock as rrule's "floating" Date: its UTC fields are the local ones. */
const floating = (wall: WallClock) => new Date(`${wall}:00Z`);
const wallOf = (d: Date): WallClock => d.toISOString().slice(0, 16);

function ruleFrom(rrule: string, localStart: WallClock) {
  // no tzid: rrule.js computes in UTC, which here is the wall clock; the zone comes afterwards
  return new RRule({ ...RRule.parseString(rrule), dtstart: floating(localStart), tzid: null });
}

/**
 * The occurrences of a series, at most `limit` of them (one more than the cap by default, so a
 * caller can tell a series that is too long). Each is expanded in wall-clock time and then placed
 * in the zone, so a weekly 07:00 stays 07:00 local across changes of daylight saving time
 * (rrule.js on its own works in UTC and would keep the UTC hour instead).
 */
export function occurrencesOf(series: SeriesPattern, limit = SERIES_MAX_OCCURRENCES + 1): Occurrence[] {
  return ruleFrom(series.rrule, series.localStart)
    .all((_, i) => i < limit)
    .map((d) => {
      const wall = wallOf(d);
      return { date: wall.slice(0, 10), wall, start: instantOf(wall, series.timeZone) };
    });
}

/**
 * A rule and a chosen start as a series pattern whose start is its first occurrence: a weekly
 * rule on Monday and Wednesday picked on a Sunday starts on Monday. Calendars disagree on whether
 * a start off the rule counts as an occurrence, so a series never has one. Undefined when the
 * rule has no occurrence at all (it ends before it begins).
 */
export function patternOf(rule: SeriesRule, start: WallClock, timeZone: string): SeriesPattern | undefined {
  const rrule = rruleText(rule, start);
  const first = ruleFrom(rrule, start).all((_, i) => i < 1)[0];
  return first && { rrule, localStart: wallOf(first), timeZone };
}
