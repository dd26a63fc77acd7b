import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { buildFacilitator, buildUser } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/harness';
import { setFrequency } from '../notifications/email-preferences';
import {
  type ReminderJob,
  type ReminderLead,
  reminderKey,
  SESSION_REMINDER_JOB,
  sendSessionReminder,
} from './reminders';
import {
  bookFree,
  cancelSession,
  HOUR,
  hoursAhead,
  invitationIn,
  moveSession,
  noMailQueued,
  offerSession,
  queuedJob,
} from './test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function bookedSession(hours: number) {
  const maya = await buildFacilitator(t.db, { name: 'Maya Rivers', timeZone: 'America/New_York' });
  const sam = await buildUser(t.db, { name: 'Sam Lee', timeZone: 'Asia/Tokyo' });
  const start = hoursAhead(hours);
  const session = await offerSession(t, maya.token, start);
  await bookFree(t, sam.token, session._id);
  return { maya, sam, start, sessionId: session._id };
}

/** The reminder job queued for this start, as the job runner holds it (data and startAfter). */
async function reminderJob(sessionId: string, start: Date, bookedBy: string, lead: ReminderLead) {
  const key = reminderKey({ sessionId, startISO: start.toISOString(), bookedBy }, lead);
  const job = await queuedJob(t, SESSION_REMINDER_JOB, key);
  return job && { data: job.data as ReminderJob, startAfter: job.startAfter, key };
}

/** Runs the job's handler as the runner would at `now` (the controlled clock). */
const run = (job: { data: ReminderJob }, now: Date) => sendSessionReminder(t.app.ctx, job.data, now);

describe('session reminders', () => {
  it('a booking queues reminders 24 h and 1 h before the start; each mails the booker and the facilitator', async () => {
    const { maya, sam, start, sessionId } = await bookedSession(72);
    const day = await reminderJob(sessionId, start, sam.user.id, '24h');
    const hour = await reminderJob(sessionId, start, sam.user.id, '1h');
    expect(day!.startAfter.toISOString()).toBe(new Date(start.getTime() - 24 * HOUR).toISOString());
    expect(hour!.startAfter.toISOString()).toBe(new Date(start.getTime() - HOUR).toISOString());

    // the runner starts a job at its startAfter: the handler runs with that clock
    expect(await run(day!, day!.startAfter)).toEqual({ queued: 2 });
    const daySam = await t.mailbox.latest(sam.user.email, /^Starts in 24 hours: Breath coaching/);
    expect(daySam.text).toContain('Breath coaching with Maya Rivers starts in 24 hours.');
    expect(daySam.html).toContain('href="https://meet.example.com/abc"');
    expect(daySam.html).toContain('Join the session');
    // the time in the booker's zone
    expect(daySam.text).toMatch(/JST|GMT\+9/);
    const invite = invitationIn(daySam);
    expect(invite).toMatchObject({ method: 'REQUEST', sequence: 0 });
    expect(invite.start.toISOString()).toBe(start.toISOString());
    const dayMaya = await t.mailbox.latest(maya.user.email, /^Starts in 24 hours: Breath coaching/);
    expect(dayMaya.text).toContain('Breath coaching with Sam Lee starts in 24 hours.');
    expect(invitationIn(dayMaya).start.toISOString()).toBe(start.toISOString());

    expect(await run(hour!, hour!.startAfter)).toEqual({ queued: 2 });
    await t.mailbox.latest(sam.user.email, /^Starts in 1 hour: Breath coaching/);
    const hourMaya = await t.mailbox.latest(maya.user.email, /^Starts in 1 hour: Breath coaching/);
    expect(invitationIn(hourMaya).method).toBe('REQUEST');

    // a job run again (at least once delivery) sends nothing new: the mail keys are the same
    await run(hour!, hour!.startAfter);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      t.mailbox.received.filter((m) => m.to === sam.user.email && m.subject.startsWith('Starts in 1 hour')),
    ).toHaveLength(1);
  });

  it('a booking less than a day ahead gets only the 1 h reminder; one started sends nothing', async () => {
    const { sam, start, sessionId } = await bookedSession(5);
    expect(await reminderJob(sessionId, start, sam.user.id, '24h')).toBeUndefined();
    const hour = await reminderJob(sessionId, start, sam.user.id, '1h');
    expect(hour!.startAfter.toISOString()).toBe(new Date(start.getTime() - HOUR).toISOString());
    // run so late that the session has started
    expect(await run(hour!, new Date(start.getTime() + 60_000))).toEqual({ skipped: 'session started' });
  });

  it('a moved session gets reminders at its new start with the update SEQUENCE; the old ones send nothing', async () => {
    const { maya, sam, start, sessionId } = await bookedSession(72);
    const old = await reminderJob(sessionId, start, sam.user.id, '24h');
    const later = hoursAhead(100);
    await moveSession(t, maya.token, sessionId, later);
    expect((await t.mailbox.latest(sam.user.email, /^Changed:/)).subject).toContain('Breath coaching');

    expect(await run(old!, old!.startAfter)).toEqual({ skipped: 'session moved' });
    await noMailQueued(t, `${old!.key}:${sam.user.id}`);
    await noMailQueued(t, `${old!.key}:${maya.user.id}`);

    const moved = await reminderJob(sessionId, later, sam.user.id, '24h');
    expect(moved!.startAfter.toISOString()).toBe(new Date(later.getTime() - 24 * HOUR).toISOString());
    expect(await run(moved!, moved!.startAfter)).toEqual({ queued: 2 });
    const mail = await t.mailbox.latest(sam.user.email, /^Starts in 24 hours/);
    const invite = invitationIn(mail);
    expect(invite.raw).toContain('SEQUENCE:1');
    expect(invite.start.toISOString()).toBe(later.toISOString());
  });

  it('a cancelled session sends no reminder', async () => {
    const { maya, sam, start, sessionId } = await bookedSession(72);
    const hour = await reminderJob(sessionId, start, sam.user.id, '1h');
    await cancelSession(t, maya.token, sessionId);
    expect(await t.db.select().from(sessions).where(eq(sessions.id, sessionId))).toEqual([]);
    expect(await run(hour!, hour!.startAfter)).toEqual({ skipped: 'session deleted' });
    await noMailQueued(t, `${hour!.key}:${sam.user.id}`);
  });

  it("'Off' sends no reminder to that person; 'Daily digest' still gets it (a digest would be too late)", async () => {
    const { maya, sam, start, sessionId } = await bookedSession(72);
    await setFrequency(t.db, sam.user.id, 'session', 'off');
    await setFrequency(t.db, maya.user.id, 'session', 'digest');
    const hour = await reminderJob(sessionId, start, sam.user.id, '1h');
    expect(await run(hour!, hour!.startAfter)).toEqual({ queued: 1 });
    await t.mailbox.latest(maya.user.email, /^Starts in 1 hour/);
    await noMailQueued(t, `${hour!.key}:${sam.user.id}`);
    expect(t.mailbox.received.filter((m) => m.to === sam.user.email && m.subject.startsWith('Starts in'))).toEqual([]);
  });
});
