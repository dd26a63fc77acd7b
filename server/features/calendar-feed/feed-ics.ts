import ICAL from 'ical.js';
import { FEED_REFRESH } from '../../../common/calendar-feed/schemas';
import { escapeIcsText } from '../../../common/sessions/ics';
import { sessionUid } from '../sessions/ics';

/** One VEVENT of a feed, as the presenter decided it (what the owner may see is applied). */
export type FeedEvent = {
  sessionId: string;
  summary: string;
  description: string;
  start: Date;
  end: Date;
  sequence: number;
  /** DTSTAMP and LAST-MODIFIED */
  modifiedAt: Date;
  cancelled: boolean;
  /** the meeting link, for those who may see it */
  location: string | null;
  /** where the session is seen in the app */
  url: string;
};

export type FeedCalendar = {
  /** X-WR-CALNAME: what the calendar app names the subscription */
  name: string;
  /** this app's public origin: its host makes each UID, as in the mailed invitations */
  publicUrl: string;
  events: FeedEvent[];
};

/**
 * A calendar feed (RFC 5545, made with ical.js like the mailed invitations): one VEVENT per
 * session with the UID of its invitations and `.ics` download (sessions/ics.ts sessionUid), so a
 * calendar holding both keeps one event; SEQUENCE as the invitations count it; a cancelled
 * session as STATUS:CANCELLED, which makes a subscribed calendar drop it. No METHOD (this is a
 * published calendar, not an iTIP message), and no ORGANIZER or ATTENDEE: their addresses would
 * reach whoever the feed's address reaches, and a calendar would offer to answer an invitation.
 */
export function feedIcs(feed: FeedCalendar): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.updatePropertyWithValue('prodid', '-//Tend//Calendar feed//EN');
  calendar.updatePropertyWithValue('version', '2.0');
  calendar.updatePropertyWithValue('calscale', 'GREGORIAN');
  // extension properties are written as given: the text is escaped as TEXT here
  calendar.updatePropertyWithValue('x-wr-calname', escapeIcsText(feed.name));
  // RFC 7986 REFRESH-INTERVAL, and the older name Outlook and Apple read
  const refresh = new ICAL.Property('refresh-interval', calendar);
  refresh.setValue(ICAL.Duration.fromString(FEED_REFRESH));
  calendar.addProperty(refresh);
  calendar.updatePropertyWithValue('x-published-ttl', FEED_REFRESH);
  for (const event of feed.events) calendar.addSubcomponent(veventOf(event, feed.publicUrl));
  // ical.js joins lines with CRLF and folds them at 75 octets; the file ends with a line break
  return `${calendar.toString()}\r\n`;
}

function veventOf(event: FeedEvent, publicUrl: string) {
  const vevent = new ICAL.Component('vevent');
  vevent.updatePropertyWithValue('uid', sessionUid(event.sessionId, publicUrl));
  vevent.updatePropertyWithValue('dtstamp', utc(event.modifiedAt));
  vevent.updatePropertyWithValue('last-modified', utc(event.modifiedAt));
  vevent.updatePropertyWithValue('dtstart', utc(event.start));
  vevent.updatePropertyWithValue('dtend', utc(event.end));
  vevent.updatePropertyWithValue('sequence', event.sequence);
  vevent.updatePropertyWithValue('summary', event.summary);
  if (event.description) vevent.updatePropertyWithValue('description', event.description);
  if (event.location) vevent.updatePropertyWithValue('location', event.location);
  vevent.updatePropertyWithValue('url', event.url);
  vevent.updatePropertyWithValue('status', event.cancelled ? 'CANCELLED' : 'CONFIRMED');
  return vevent;
}

const utc = (at: Date) => ICAL.Time.fromJSDate(at, true);
