import { formatDate, formatDateTime, formatTime, zoneName } from '@common/time';
import { viewerZone } from './viewer-zone';

/**
 * The web's one date helper (spec 02 §9: MM/dd/yyyy, 24-hour HH:mm), over common/time.ts, in
 * the viewer's zone: the browser's, which is also the zone whoami reports to the server.
 * A calendar day (YYYY-MM-DD: a release day, a birthday) is shown as it is.
 */
export { viewerZone };

const valid = (at: Date | string) =>
  typeof at !== 'string' || /^\d{4}-\d{2}-\d{2}$/.test(at) || !Number.isNaN(Date.parse(at));

/** MM/dd/yyyy; an unreadable value is shown as it came. */
export const dateText = (at: Date | string) => (valid(at) ? formatDate(at, viewerZone()) : String(at));

/** 24-hour HH:mm. */
export const timeText = (at: Date | string) => (valid(at) ? formatTime(at, viewerZone()) : String(at));

/** MM/dd/yyyy HH:mm, with the zone named where it matters (sessions). */
export const dateTimeText = (at: Date | string, options: { withZone?: boolean } = {}) =>
  valid(at) ? formatDateTime(at, viewerZone(), options) : String(at);

/** The viewer's zone by its short name at that instant ('GMT+1', 'EST'). */
export const zoneText = (at: Date | string = new Date()) => zoneName(at, viewerZone());
