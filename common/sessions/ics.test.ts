import { describe, expect, it } from 'vitest';
import { escapeIcsText, foldIcsLine, icsFileName, icsUtc, sessionToIcs } from './ics';

const session = {
  _id: '5e551011-0000-4000-8000-000000000001',
  name: 'Breath, Body; Mind',
  description: 'Bring a mat.\nWear layers, please',
  // 09:00 in New York (UTC-5 in November)
  startTime: '2026-11-24T09:00:00-05:00',
  endTime: '2026-11-24T10:00:00-05:00',
  meetingUrl: 'https://meet.example.com/abc?x=1,2',
  facilitator: { _id: 'f0000000-0000-4000-8000-000000000001', name: 'Maya Rivers', profilePicture: null },
};
const options = { now: new Date('2026-11-20T08:30:15.123Z'), origin: 'https://tend.example/' };

const unfold = (ics: string) => ics.replace(/\r\n /g, '');
const lineOf = (ics: string, name: string) =>
  unfold(ics)
    .split('\r\n')
    .find((line) => line.startsWith(`${name}:`));

describe('sessionToIcs (RFC 5545)', () => {
  it('wraps one VEVENT in a VCALENDAR with CRLF line endings', () => {
    const ics = sessionToIcs(session, options);
    const lines = ics.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines).toContain('END:VEVENT');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // no bare LF anywhere
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('writes UID, DTSTAMP, DTSTART and DTEND in UTC', () => {
    const ics = sessionToIcs(session, options);
    // the host of the app, as in the invitations the server mails
    expect(lineOf(ics, 'UID')).toBe(`UID:${session._id}@tend.example`);
    expect(lineOf(ics, 'DTSTAMP')).toBe('DTSTAMP:20261120T083015Z');
    expect(lineOf(ics, 'DTSTART')).toBe('DTSTART:20261124T140000Z');
    expect(lineOf(ics, 'DTEND')).toBe('DTEND:20261124T150000Z');
  });

  it('escapes commas, semicolons and newlines in text; the URL points at the facilitator', () => {
    const ics = sessionToIcs(session, options);
    expect(lineOf(ics, 'SUMMARY')).toBe('SUMMARY:Breath\\, Body\\; Mind');
    expect(lineOf(ics, 'DESCRIPTION')).toBe(
      'DESCRIPTION:Bring a mat.\\nWear layers\\, please\\n\\nWith Maya Rivers\\n\\nJoin: https://meet.example.com/abc?x=1\\,2',
    );
    expect(lineOf(ics, 'URL')).toBe(`URL:https://tend.example/profile/${session.facilitator._id}`);
  });

  it('folds lines longer than 75 octets with a leading space', () => {
    const ics = sessionToIcs({ ...session, description: 'Slow breathing '.repeat(20) }, options);
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(ics).toContain('\r\n ');
    expect(lineOf(ics, 'DESCRIPTION')).toContain('Slow breathing '.repeat(20).trim());
  });

  it('leaves the meeting link out when there is none', () => {
    const ics = sessionToIcs({ ...session, meetingUrl: null }, options);
    expect(lineOf(ics, 'LOCATION')).toBeUndefined();
    expect(unfold(ics)).not.toContain('Join:');
  });
});

describe('ics pieces', () => {
  it('escapes backslashes first', () => {
    expect(escapeIcsText('a\\b;c,d\r\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('never splits a multi-byte character when folding', () => {
    const line = `SUMMARY:${'é'.repeat(80)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split('\r\n');
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it('keeps a 75-octet line whole', () => {
    const line = `X:${'a'.repeat(73)}`;
    expect(foldIcsLine(line)).toBe(line);
    expect(foldIcsLine(`${line}b`)).toBe(`${line}\r\n b`);
  });

  it('formats instants as UTC', () => {
    expect(icsUtc('2026-03-08T01:30:00+01:00')).toBe('20260308T003000Z');
  });

  it('names the file after the session', () => {
    expect(icsFileName('Breath & Body, at 9!')).toBe('breath-body-at-9.ics');
    expect(icsFileName('Café Calm')).toBe('cafe-calm.ics');
    expect(icsFileName('***')).toBe('session.ics');
  });
});
