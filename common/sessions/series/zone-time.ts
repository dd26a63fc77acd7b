/**
 * Wall-clock times in a named zone (IANA, e.g. Europe/Berlin), with Intl only. A series repeats
 * at a local hour, so each occurrence is expanded as a wall-clock time and then placed in the
 * zone: 07:00 stays 07:00 on both sides of a change of daylight saving time.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string) {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** 'YYYY-MM-DDTHH:mm': a local date and time with no zone. */
export type WallClock = string;
/** Whether `timeZone` is a zone name Intl knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `at` in `timeZone`, to the minute. */
export function wallClockOf(at: Date, timeZone: string): WallClock {
  const map = new Map(
    partsFormatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${map.get('year')}-${map.get('month')}-${map.get('day')}T${map.get('hour')}:${map.get('minute')}`;
}

/** Minutes `timeZone` is ahead of UTC at the instant `ms`. */
export function offsetMinutes(ms: number, timeZone: string): number {
  const wall = wallClockOf(new Date(ms), timeZone);
  const asUtc = Date.parse(`${wall}:00Z`);
  return Math.round((asUtc - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/**
 * The instant a wall clock names in `timeZone`. Around a change of daylight saving time RFC 5545
 * (section 3.3.5) decides: a time that happens twice is the first one, and a time that does not
 * exist (skipped by the clocks going forward) is read with the offset before the gap, which lands
 * as far after the gap's start as it was meant to be (02:30 becomes 03:30).
 */
export function instantOf(wall: WallClock, timeZone: string): Date {
  const asUtc = Date.parse(`${wall}:00Z`);
  const before = offsetMinutes(asUtc - 86_400_000, timeZone);
  const after = offsetMinutes(asUtc + 86_400_000, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => asUtc - offset * 60_000)
    .filter((ms) => wallClockOf(new Date(ms), timeZone) === wall)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? asUtc - before * 60_000);
}
