import { calendarDayText, shownDate, shownDateTime, shownTime, zoneName, type ShownParts } from '@common/time';
import { viewerZone } from './viewer-zone';

/**
 * The web's one date helper (MM/dd/yyyy, 24-hour HH:mm), over common/time.ts, in
 * the viewer's zone: the browser's, which is also the zone whoami reports to the server.
 * A calendar day (YYYY-MM-DD: a release day, a birthday) is shown as it is.
 */
export { viewerZone };

const valid = (at: Date | string) =>
  typeof at !== 'string' || /^\d{4}-\d{2}-\d{2}$/.test(at) || !Number.isNaN(Date.parse(at));

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant's fields in the browser's zone from the Date's own local getters: the zone
 * `viewerZone()` names, without Intl, whose first call on a page costs 40-100 ms of CPU in
 * Chromium (ICU's data): the daily practice shows today's date in its first paint.
 */
function viewerParts(at: Date | string): ShownParts {
  const date = typeof at === 'string' ? new Date(at) : at;
  return {
    year: String(date.getFullYear()),
    month: pad(date.getMonth() + 1),
    day: pad(date.getDate()),
    hour: pad(date.getHours()),
    minute: pad(date.getMinutes()),
  };
}

/** MM/dd/yyyy; an unreadable value is shown as it came. */
export const dateText = (at: Date | string) =>
  !valid(at) ? String(at) : (typeof at === 'string' && calendarDayText(at)) || shownDate(viewerParts(at));

/** 24-hour HH:mm. */
export const timeText = (at: Date | string) => (valid(at) ? shownTime(viewerParts(at)) : String(at));

/** The viewer's zone by its short name at that instant ('GMT+1', 'EST'). */
export const zoneText = (at: Date | string = new Date()) => zoneName(at, viewerZone());

/** MM/dd/yyyy HH:mm, with the zone named where it matters (sessions). */
export const dateTimeText = (at: Date | string, { withZone = false }: { withZone?: boolean } = {}) => {
  if (!valid(at)) return String(at);
  const text = shownDateTime(viewerParts(at));
  return withZone ? `${text} ${zoneText(at)}` : text;
};
