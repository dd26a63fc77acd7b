import ICAL from 'ical.js';
import type { Session } from '../../db/schema';

/** A person on the invitation: the facilitator organizes, the booked members attend. */
export type IcsPerson = { name: string; email: string };

/** REQUEST: a new or changed invitation; CANCEL: the session is off (RFC 5546 section 3.2). */
export type IcsMethod = 'REQUEST' | 'CANCEL';

export type SessionInvite = {
  session: Pick<Session, 'id' | 'name' | 'description' | 'startTime' | 'endTime' | 'meetingUrl'>;
  /** the SEQUENCE: sessions.ics_sequence, or one more than it for a cancellation */
  sequence: number;
  method: IcsMethod;
  facilitator: IcsPerson;
  /** the booked members on this copy: the recipient alone in a member's, all of them in the facilitator's */
  attendees: IcsPerson[];
  /** this app's public origin (https://tend.example): its host makes the UID */
  publicUrl: string;
  /** DTSTAMP */
  now: Date;
};

/** The same UID in every file about one session, so calendars update the one event they hold. */
export const sessionUid = (sessionId: string, publicUrl: string) => `${sessionId}@${hostOf(publicUrl)}`;

/**
 * A session as an iCalendar (RFC 5545) invitation, made with ical.js: one VEVENT with UTC times
 * (each calendar shows it in its own zone), the meeting link as URL and LOCATION, the
 * facilitator as ORGANIZER and the booked members as ATTENDEEs. A moved session is sent again with a
 * higher SEQUENCE; a cancelled one as METHOD:CANCEL with STATUS:CANCELLED.
 */
export function sessionIcs(invite: SessionInvite): string {
  const { session, method } = invite;
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.updatePropertyWithValue('prodid', '-//Tend//Sessions//EN');
  calendar.updatePropertyWithValue('version', '2.0');
  calendar.updatePropertyWithValue('calscale', 'GREGORIAN');
  calendar.updatePropertyWithValue('method', method);

  const event = new ICAL.Component('vevent');
  event.updatePropertyWithValue('uid', sessionUid(session.id, invite.publicUrl));
  event.updatePropertyWithValue('dtstamp', utc(invite.now));
  event.updatePropertyWithValue('dtstart', utc(session.startTime));
  event.updatePropertyWithValue('dtend', utc(session.endTime));
  event.updatePropertyWithValue('sequence', invite.sequence);
  event.updatePropertyWithValue('summary', session.name);
  const description = [session.description.trim(), session.meetingUrl ? `Join: ${session.meetingUrl}` : '']
    .filter(Boolean)
    .join('\n\n');
  if (description) event.updatePropertyWithValue('description', description);
  if (session.meetingUrl) {
    event.updatePropertyWithValue('url', session.meetingUrl);
    event.updatePropertyWithValue('location', session.meetingUrl);
  }
  event.updatePropertyWithValue('status', method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED');
  event.addProperty(person('organizer', invite.facilitator));
  for (const who of invite.attendees) {
    const attendee = person('attendee', who);
    attendee.setParameter('role', 'REQ-PARTICIPANT');
    attendee.setParameter('partstat', 'ACCEPTED');
    event.addProperty(attendee);
  }
  calendar.addSubcomponent(event);
  // ical.js joins lines with CRLF and folds them at 75 octets; the file ends with a line break
  return `${calendar.toString()}\r\n`;
}

/** The attachment every session mail carries (the method is in the content type, RFC 6047 section 2.4). */
export function icsAttachment(invite: SessionInvite) {
  return {
    filename: 'session.ics',
    content: sessionIcs(invite),
    contentType: `text/calendar; charset=utf-8; method=${invite.method}`,
  };
}

function person(name: 'organizer' | 'attendee', who: IcsPerson) {
  const property = new ICAL.Property(name);
  property.setValue(`mailto:${who.email}`);
  property.setParameter('cn', who.name);
  return property;
}

const utc = (at: Date) => ICAL.Time.fromJSDate(at, true);

function hostOf(publicUrl: string) {
  try {
    return new URL(publicUrl).host || 'tend';
  } catch {
    return 'tend';
  }
}
