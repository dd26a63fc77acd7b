import ICAL from 'ical.js';
import { expect } from 'vitest';
import { jobIdForKey } from '../../../platform/jobs/job-key';
import { JOB_SCHEMA } from '../../../platform/jobs/job-schema';
import { rawRows } from '../../../platform/jobs/test/raw-rows';
import type { ReceivedMail } from '../../../test/mailbox';
import { call, type TestApp } from '../../../test/harness';

export const HOUR = 3_600_000;

/** A whole hour `hours` from now, so times compare exactly. */
export const hoursAhead = (hours: number) => {
  const at = new Date(Date.now() + hours * HOUR);
  at.setUTCMinutes(0, 0, 0);
  return at;
};

export const sessionBody = (start: Date, overrides: Record<string, unknown> = {}) => ({
  name: 'Breath coaching',
  description: 'One to one, bring a mat',
  price: 0,
  startTime: start.toISOString(),
  endTime: new Date(start.getTime() + HOUR).toISOString(),
  meetingUrl: 'https://meet.example.com/abc',
  ...overrides,
});

export async function offerSession(t: TestApp, token: string, start: Date, overrides: Record<string, unknown> = {}) {
  const res = await call(t.app, 'POST', '/api/app/facilitator/sessions', sessionBody(start, overrides), token);
  expect(res.statusCode).toBe(200);
  return res.json() as { _id: string };
}

export async function bookFree(t: TestApp, token: string, sessionId: string) {
  const res = await call(t.app, 'POST', '/api/app/book-free-session', { sessionId }, token);
  expect(res.statusCode).toBe(200);
}

export async function moveSession(t: TestApp, token: string, sessionId: string, start: Date) {
  const res = await call(t.app, 'POST', `/api/app/facilitator/sessions/${sessionId}`, sessionBody(start), token);
  expect(res.statusCode).toBe(200);
}

export async function cancelSession(t: TestApp, token: string, sessionId: string) {
  const res = await call(t.app, 'GET', `/api/app/delete-session/${sessionId}`, undefined, token);
  expect(res.statusCode).toBe(200);
}

/** A queued job by its name and key: its data and when it may run, read from pg-boss's table. */
export async function queuedJob(t: TestApp, name: string, key: string) {
  const [row] = await rawRows(
    t.database,
    `select data, start_after from ${JOB_SCHEMA}.job where name = $1 and id = $2`,
    [name, jobIdForKey(name, key)],
  );
  return row ? { data: row.data as object, startAfter: new Date(row.start_after as string) } : undefined;
}

/** The attached invitation, parsed by ical.js. */
export function invitationIn(mail: ReceivedMail) {
  const attachment = mail.attachments.find((a) => a.filename === 'session.ics');
  expect(attachment, `session.ics attached to '${mail.subject}'`).toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(attachment!.content));
  const vevent = calendar.getFirstSubcomponent('vevent');
  expect(vevent).not.toBeNull();
  const event = new ICAL.Event(vevent!);
  return {
    contentType: attachment!.contentType,
    raw: attachment!.content,
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    sequence: event.sequence,
    status: vevent!.getFirstPropertyValue('status'),
    organizer: event.organizer,
    attendees: event.attendees.map((a) => a.getFirstValue()),
    location: event.location,
  };
}

/**
 * The attachment's content type as queued for SMTP (nodemailer sends it whole; the test
 * mailbox's parser keeps only 'text/calendar', without the method parameter).
 */
export async function queuedIcsType(t: TestApp, key: string) {
  const job = await queuedJob(t, 'mail', key);
  const mail = (job?.data as { mail?: { attachments?: { filename: string; contentType: string }[] } } | undefined)
    ?.mail;
  return mail?.attachments?.find((a) => a.filename === 'session.ics')?.contentType;
}

/** No mail was queued under this key (the recipient's setting kept it back). */
export async function noMailQueued(t: TestApp, key: string) {
  expect(await queuedJob(t, 'mail', key)).toBeUndefined();
}
