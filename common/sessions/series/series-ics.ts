import ICAL from 'ical.js';
import { instantOf, offsetMinutes, type WallClock } from './zone-time';

/**
 * A whole series as one iCalendar (RFC 5545) event, made with ical.js: the master VEVENT with
 * DTSTART in the series' zone (a VTIMEZONE describes it, so the local hour holds across changes
 * of daylight saving time in every calendar), its RRULE, an EXDATE per cancelled occurrence, and
 * an overriding VEVENT (same UID, RECURRENCE-ID) per occurrence changed on its own. For booking a
 * whole series and calendar feeds; a single session's invitation stays per session.
 */
export type SeriesIcs = {
  id: string;
  name: string;
  description: string;
  meetingUrl: string | null;
  facilitatorName: string;
  /** the RRULE value as stored: UNTIL floating like the start */
  rrule: string;
  timeZone: string;
  localStart: WallClock;
  durationMinutes: number;
  /** local dates (YYYY-MM-DD) of cancelled occurrences */
  cancelledDates: readonly string[];
  /** occurrences changed on their own: the local date they stand for in the rule, and what they are now */
  overrides: readonly {
    date: string;
    name: string;
    description: string;
    meetingUrl: string | null;
    startTime: string | Date;
    endTime: string | Date;
    sequence?: number;
  }[];
  sequence?: number;
};
export type SeriesIcsOptions = { now: Date; origin: string };

const floating = (wall: WallClock) => ICAL.Time.fromDateTimeString(`${wall}:00`);
const utc = (at: string | Date) => ICAL.Time.fromJSDate(new Date(at), true);

/** A property holding a local time of the series' zone (DTSTART;TZID=Europe/Berlin:20270104T070000). */
function zoned(component: ICAL.Component, name: string, wall: WallClock, timeZone: string) {
  const property = new ICAL.Property(name);
  property.setValue(floating(wall));
  property.setParameter('tzid', timeZone);
  component.addProperty(property);
}

/** RFC 5545: with a zoned DTSTART, UNTIL is written in UTC. */
function rruleInUtc(rrule: string, timeZone: string) {
  return rrule.replace(/UNTIL=(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})/, (_, y, mo, d, h, mi, s) => {
    const at = new Date(instantOf(`${y}-${mo}-${d}T${h}:${mi}`, timeZone).getTime() + Number(s) * 1000);
    return `UNTIL=${at.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
  });
}

const addMinutes = (wall: WallClock, minutes: number): WallClock =>
  new Date(Date.parse(`${wall}:00Z`) + minutes * 60_000).toISOString().slice(0, 16);

function describe(text: string, meetingUrl: string | null, facilitatorName: string) {
  return [text.trim(), `With ${facilitatorName}`, meetingUrl ? `Join: ${meetingUrl}` : ''].filter(Boolean).join('\n\n');
}

export function seriesToIcs(series: SeriesIcs, { now, origin }: SeriesIcsOptions): string {
  const uid = `series-${series.id}@${hostOf(origin)}`;
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.updatePropertyWithValue('prodid', '-//Tend//Sessions//EN');
  calendar.updatePropertyWithValue('version', '2.0');
  calendar.updatePropertyWithValue('calscale', 'GREGORIAN');
  calendar.updatePropertyWithValue('method', 'PUBLISH');
  const firstYear = Number(series.localStart.slice(0, 4));
  const lastYear = Math.max(firstYear, ...series.overrides.map((o) => new Date(o.endTime).getUTCFullYear())) + 1;
  calendar.addSubcomponent(vtimezone(series.timeZone, firstYear, lastYear + untilYears(series.rrule, lastYear)));

  const master = new ICAL.Component('vevent');
  master.updatePropertyWithValue('uid', uid);
  master.updatePropertyWithValue('dtstamp', utc(now));
  zoned(master, 'dtstart', series.localStart, series.timeZone);
  zoned(master, 'dtend', addMinutes(series.localStart, series.durationMinutes), series.timeZone);
  master.updatePropertyWithValue('rrule', ICAL.Recur.fromString(rruleInUtc(series.rrule, series.timeZone)));
  const time = series.localStart.slice(10);
  for (const date of series.cancelledDates) zoned(master, 'exdate', `${date}${time}`, series.timeZone);
  fill(master, series, series.sequence ?? 0);
  calendar.addSubcomponent(master);

  for (const override of series.overrides) {
    const event = new ICAL.Component('vevent');
    event.updatePropertyWithValue('uid', uid);
    event.updatePropertyWithValue('dtstamp', utc(now));
    zoned(event, 'recurrence-id', `${override.date}${time}`, series.timeZone);
    event.updatePropertyWithValue('dtstart', utc(override.startTime));
    event.updatePropertyWithValue('dtend', utc(override.endTime));
    fill(event, { ...override, facilitatorName: series.facilitatorName }, override.sequence ?? 0);
    calendar.addSubcomponent(event);
  }
  // ical.js joins lines with CRLF and folds them at 75 octets; the file ends with a line break
  return `${calendar.toString()}\r\n`;
}

function fill(
  event: ICAL.Component,
  values: { name: string; description: string; meetingUrl: string | null; facilitatorName: string },
  sequence: number,
) {
  event.updatePropertyWithValue('sequence', sequence);
  event.updatePropertyWithValue('summary', values.name);
  event.updatePropertyWithValue('description', describe(values.description, values.meetingUrl, values.facilitatorName));
  if (values.meetingUrl) {
    event.updatePropertyWithValue('url', values.meetingUrl);
    event.updatePropertyWithValue('location', values.meetingUrl);
  }
}

/** Years past `year` an UNTIL reaches (a COUNT of at most a few hundred stays within a few years). */
function untilYears(rrule: string, year: number) {
  const until = /UNTIL=(\d{4})/.exec(rrule);
  return until ? Math.max(0, Number(until[1]) - year) : 4;
}

const offsetText = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
};

/**
 * The zone's VTIMEZONE for the years a series spans, from the offsets Intl knows: one observance
 * from the first of January of the first year, then one per change of offset, found to the
 * minute. Calendars that know the zone by name use their own rules; the others read these.
 */
function vtimezone(timeZone: string, fromYear: number, toYear: number) {
  const zone = new ICAL.Component('vtimezone');
  zone.updatePropertyWithValue('tzid', timeZone);
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  const changes: { at: number; from: number; to: number }[] = [];
  let previous = offsetMinutes(start, timeZone);
  for (let day = start + 86_400_000; day <= end; day += 86_400_000) {
    const offset = offsetMinutes(day, timeZone);
    if (offset === previous) continue;
    let low = day - 86_400_000;
    let high = day;
    while (high - low > 60_000) {
      const mid = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetMinutes(mid, timeZone) === previous) low = mid;
      else high = mid;
    }
    changes.push({ at: high, from: previous, to: offset });
    previous = offset;
  }
  const standard = Math.min(offsetMinutes(start, timeZone), ...changes.map((c) => c.to));
  const observance = (at: number, from: number, to: number) => {
    const part = new ICAL.Component(to > standard ? 'daylight' : 'standard');
    // an observance starts at the local time of the offset it replaces
    part.updatePropertyWithValue('dtstart', floating(new Date(at + from * 60_000).toISOString().slice(0, 16)));
    part.updatePropertyWithValue('tzoffsetfrom', ICAL.UtcOffset.fromString(offsetText(from)));
    part.updatePropertyWithValue('tzoffsetto', ICAL.UtcOffset.fromString(offsetText(to)));
    zone.addSubcomponent(part);
  };
  const initial = offsetMinutes(start, timeZone);
  observance(start, initial, initial);
  for (const change of changes) observance(change.at, change.from, change.to);
  return zone;
}

function hostOf(origin: string) {
  try {
    return new URL(origin).host || 'tend';
  } catch {
    return 'tend';
  }
}
