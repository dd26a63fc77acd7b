import type { SessionAnswer } from './schemas';

/**
 * A booked session as an iCalendar file (RFC 5545), for 'Add to calendar': one VEVENT with
 * UTC times, so every calendar app places it in its own time zone.
 */
export type IcsOptions = {
  /** DTSTAMP: when the file was made. */
  now: Date;
  /** This app's origin (https://tend.example), for the link back to the facilitator. */
  origin: string;
};

type IcsSession = Pick<
  SessionAnswer,
  '_id' | 'name' | 'description' | 'startTime' | 'endTime' | 'meetingUrl' | 'facilitator'
>;

const CRLF = '\r\n';
/** RFC 5545 section 3.1: content lines SHOULD NOT be longer than 75 octets, excluding the line break. */
const MAX_LINE_OCTETS = 75;

/** 'YYYYMMDDTHHMMSSZ' (RFC 5545 section 3.3.5, form 2: UTC). */
export function icsUtc(instant: string | Date): string {
  const iso = new Date(instant).toISOString(); // 2026-11-24T09:00:00.000Z
  return `${iso.slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** RFC 5545 section 3.3.11 TEXT: backslash, semicolon, comma and newlines are escaped. */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();
const octets = (text: string) => encoder.encode(text).length;

/**
 * RFC 5545 section 3.1 folding: a line longer than 75 octets is split, each continuation starting with
 * one space. Splits fall between characters, never inside a multi-byte UTF-8 sequence.
 */
export function foldIcsLine(line: string): string {
  if (octets(line) <= MAX_LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const charSize = octets(char);
    // continuation lines carry the leading space within their 75 octets
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (size + charSize > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += charSize;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function descriptionOf(session: IcsSession): string {
  return [
    session.description.trim(),
    `With ${session.facilitator.name}`,
    session.meetingUrl ? `Join: ${session.meetingUrl}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

export function sessionToIcs(session: IcsSession, { now, origin }: IcsOptions): string {
  const profileUrl = `${origin.replace(/\/+$/, '')}/profile/${encodeURIComponent(session.facilitator._id)}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tend//Sessions//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    // the same UID as the invitations the server mails (server/features/sessions/ics.ts), so a
    // calendar holding both keeps one event
    `UID:${session._id}@${hostOf(origin)}`,
    `DTSTAMP:${icsUtc(now)}`,
    `DTSTART:${icsUtc(session.startTime)}`,
    `DTEND:${icsUtc(session.endTime)}`,
    `SUMMARY:${escapeIcsText(session.name)}`,
    `DESCRIPTION:${escapeIcsText(descriptionOf(session))}`,
    ...(session.meetingUrl ? [`LOCATION:${escapeIcsText(session.meetingUrl)}`] : []),
    // URL is a URI value (RFC 5545 section 3.8.4.6), not TEXT: it is not escaped
    `URL:${profileUrl}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}

function hostOf(origin: string) {
  try {
    return new URL(origin).host || 'tend';
  } catch {
    return 'tend';
  }
}

/** 'Breath & Body, at 9' -> 'breath-body-at-9.ics' */
export function icsFileName(sessionName: string): string {
  const slug = sessionName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'session'}.ics`;
}
