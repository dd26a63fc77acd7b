/**
 * One Intl.DateTimeFormat per use and zone, made once: building one costs ~330 µs against ~2.5 µs
 * for a call (`localDay` inside the release loop was 70% of the daily-practice CPU that
 * scripts/bench-content.ts measures).
 * There are a few hundred zone names, so the cache stays small; an unknown zone still throws.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(use: 'day' | 'parts' | 'zone', timeZone: string): Intl.DateTimeFormat {
  const key = `${use}|${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    found =
      use === 'day'
        ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : use === 'parts'
          ? new Intl.DateTimeFormat('en-US', {
              timeZone,
              year: 'numeric',
              month: '2-digit',
              day: '2-digit',
              hour: '2-digit',
              minute: '2-digit',
              hourCycle: 'h23',
            })
          : new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    formatters.set(key, found);
  }
  return found;
}

/** YYYY-MM-DD of the instant `at` in `timeZone`. */
export function localDay(at: Date, timeZone: string): string {
  return formatter('day', timeZone).format(at);
}

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/*
 * Showing dates and times (date MM/dd/yyyy, time 24-hour HH:mm). The one place that
 * formats them for people; the web wraps it with the viewer's zone, the server passes the
 * recipient's. A calendar day (YYYY-MM-DD) has no zone and is shown as it is.
 */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An instant's calendar and clock fields as the formats below show them (zero-padded). */
export type ShownParts = { year: string; month: string; day: string; hour: string; minute: string };

function parts(at: Date, timeZone: string): ShownParts {
  const map = new Map(
    formatter('parts', timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: map.get('year')!,
    month: map.get('month')!,
    day: map.get('day')!,
    hour: map.get('hour')!,
    minute: map.get('minute')!,
  };
}

/** MM/dd/yyyy of an instant's fields. */
export const shownDate = (p: ShownParts) => `${p.month}/${p.day}/${p.year}`;

/** 24-hour HH:mm of an instant's fields. */
export const shownTime = (p: ShownParts) => `${p.hour}:${p.minute}`;

/** MM/dd/yyyy HH:mm of an instant's fields. */
export const shownDateTime = (p: ShownParts) => `${shownDate(p)} ${shownTime(p)}`;

/** MM/dd/yyyy of a calendar day (YYYY-MM-DD), which has no zone; null for anything else. */
export function calendarDayText(at: string): string | null {
  const day = CALENDAR_DAY.exec(at);
  return day ? `${day[2]}/${day[3]}/${day[1]}` : null;
}

/** MM/dd/yyyy of an instant in `timeZone`, or of a calendar day (YYYY-MM-DD) as it is. */
export function formatDate(at: Date | string, timeZone: string): string {
  const day = typeof at === 'string' ? calendarDayText(at) : null;
  return day ?? shownDate(parts(typeof at === 'string' ? new Date(at) : at, timeZone));
}

/** 24-hour HH:mm of an instant in `timeZone`. */
export function formatTime(at: Date | string, timeZone: string): string {
  return shownTime(parts(typeof at === 'string' ? new Date(at) : at, timeZone));
}

/** The zone's short name at that instant ('UTC', 'EST', 'GMT+1'), for times that must say where. */
export function zoneName(at: Date | string, timeZone: string): string {
  const name = formatter('zone', timeZone)
    .formatToParts(typeof at === 'string' ? new Date(at) : at)
    .find((p) => p.type === 'timeZoneName')?.value;
  return name ?? timeZone;
}

/** 'MM/dd/yyyy HH:mm', with the zone named when `withZone` (sessions, notifications). */
export function formatDateTime(at: Date | string, timeZone: string, { withZone = false } = {}): string {
  const text = shownDateTime(parts(typeof at === 'string' ? new Date(at) : at, timeZone));
  return withZone ? `${text} ${zoneName(at, timeZone)}` : text;
}
