import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPreferences } from '../../db/schema';
import { buildContent, buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, type TestApp } from '../../test/harness';
import { type PushService, addDevice, startPushTestApp } from '../../test/push-service';
import { DAILY_REMINDER_JOB, sendDailyReminders } from './daily-reminder';

/*
 * The daily reminder at the member's local time, across both changes of daylight saving time in
 * New York in 2026: clocks go from 02:00 EST to 03:00 EDT on 8 March (02:30 does not exist that
 * day) and from 02:00 EDT back to 01:00 EST on 1 November (01:30 comes twice). The app's own job
 * runner (pg-boss) runs the job; the app is given a fake clock that the test moves.
 */
let t: TestApp;
let push: PushService;
/** 07:00 in New York: nobody below is due then, so the job's own schedule finds nothing between runs */
const QUIET = new Date('2026-01-01T12:00:00Z');
let now = QUIET;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, push, close } = await startPushTestApp({ clock: () => now }));
});
afterAll(() => close());

/**
 * Runs the reminder job on the job runner at `iso` and waits for it. The job's own schedule
 * (every minute) may run it too, at the same fake time, so the test checks what arrived, which
 * is the same whichever run did the work.
 */
async function runAt(iso: string) {
  now = new Date(iso);
  const id = await t.app.ctx.jobs.send(DAILY_REMINDER_JOB);
  for (;;) {
    const job = await t.app.ctx.jobs.getJob(DAILY_REMINDER_JOB, id!);
    if (job?.state === 'completed') break;
    if (job?.state === 'failed') throw new Error(`the reminder job failed: ${JSON.stringify(job.output)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  now = QUIET;
}

/**
 * A New York member with one device, reminded at `time`, subscribed to a plan whose one queued
 * item ('Evening wind-down') is their practice on the subscription's first day.
 */
async function newYorker(time: string, options: { practice?: boolean; startDate?: string } = {}) {
  const { user: facilitator } = await buildFacilitator(t.db, { name: 'Mira' });
  const tier = await buildTier(t.db, facilitator.id);
  await buildContent(t.db, facilitator.id, [tier.id], { title: 'Evening wind-down' });
  const member = await buildUser(t.db, { timeZone: 'America/New_York' });
  if (options.practice ?? true)
    await buildSubscription(t.db, member.user.id, tier.id, {
      startDate: options.startDate ?? '2026-01-05',
    });
  const device = await addDevice(t, push, member.token);
  const saved = await call(t.app, 'POST', '/api/app/push/preferences', { reminderTime: time }, member.token);
  expect(saved.json().preferences).toMatchObject({
    dailyReminder: true,
    reminderTime: time,
    timeZone: 'America/New_York',
  });
  return {
    member,
    /** the days of the reminders this device received, decrypted */
    days: () => device.received().map((reminder: { tag: string }) => reminder.tag.replace('reminder:', '')),
    reminders: device.received,
  };
}

describe('the daily practice reminder at the member’s local time', () => {
  it('on the spring-forward day, a time that does not exist (02:30) fires at the first minute after the gap (03:00 EDT)', async () => {
    const { days, reminders } = await newYorker('02:30', { startDate: '2026-03-08' });
    // an ordinary day first: 02:30 EST is 07:30Z
    await runAt('2026-03-07T07:29:00Z');
    expect(days()).toEqual([]);
    await runAt('2026-03-07T07:30:00Z');
    expect(days()).toEqual(['2026-03-07']);
    await runAt('2026-03-07T07:31:00Z');
    expect(days()).toEqual(['2026-03-07']);
    // 8 March: 06:59Z is 01:59 EST; the next minute, 07:00Z, is 03:00 EDT
    await runAt('2026-03-08T06:59:00Z');
    expect(days()).toEqual(['2026-03-07']);
    await runAt('2026-03-08T07:00:00Z');
    expect(days()).toEqual(['2026-03-07', '2026-03-08']);
    await runAt('2026-03-08T07:30:00Z');
    expect(days()).toEqual(['2026-03-07', '2026-03-08']);
    // 9 March: 02:30 EDT is 06:30Z
    await runAt('2026-03-09T06:29:00Z');
    expect(days()).toEqual(['2026-03-07', '2026-03-08']);
    await runAt('2026-03-09T06:30:00Z');
    expect(days()).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);

    // what it says: today's practice by name when there is one (the plan starts on 8 March)
    expect(reminders()[0]!.body).toBe('Take a few minutes for your practice today.');
    expect(reminders()[1]).toEqual({
      title: 'Time for your practice',
      body: 'Today: Evening wind-down',
      url: '/',
      tag: 'reminder:2026-03-08',
    });
  });

  it('on the fall-back day, a time that comes twice (01:30) fires once, the first time', async () => {
    const { member, days } = await newYorker('01:30');
    // 31 October: 01:30 EDT is 05:30Z
    await runAt('2026-10-31T05:30:00Z');
    expect(days()).toEqual(['2026-10-31']);
    // 1 November: 01:30 EDT (05:30Z), then an hour later 01:30 EST again (06:30Z)
    await runAt('2026-11-01T05:29:00Z');
    expect(days()).toEqual(['2026-10-31']);
    await runAt('2026-11-01T05:30:00Z');
    expect(days()).toEqual(['2026-10-31', '2026-11-01']);
    await runAt('2026-11-01T06:30:00Z');
    await runAt('2026-11-01T06:31:00Z');
    expect(days()).toEqual(['2026-10-31', '2026-11-01']);
    // 2 November: 01:30 EST is 06:30Z
    await runAt('2026-11-02T06:29:00Z');
    expect(days()).toEqual(['2026-10-31', '2026-11-01']);
    await runAt('2026-11-02T06:30:00Z');
    expect(days()).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
    const [row] = await t.db.select().from(pushPreferences).where(eq(pushPreferences.userId, member.user.id));
    expect(row!.remindedOn).toBe('2026-11-02');
  });

  it('reminds once when two runs at the same minute race (two instances): the day is claimed in the database', async () => {
    const { days } = await newYorker('23:00');
    // 23:00 EST on 10 December is 04:00Z on the 11th (nobody above is due then)
    const at = new Date('2026-12-11T04:00:00Z');
    const runs = await Promise.all([sendDailyReminders(t.app.ctx, at), sendDailyReminders(t.app.ctx, at)]);
    expect(runs.map((r) => r.reminded).sort()).toEqual([0, 1]);
    expect(days()).toEqual(['2026-12-10']);
  });

  it('reminds nobody without practice to do or with the reminder off, and leaves a day alone 3 hours after its time', async () => {
    const unsubscribed = await newYorker('09:00', { practice: false });
    const off = await newYorker('09:00');
    await call(t.app, 'POST', '/api/app/push/preferences', { dailyReminder: false }, off.member.token);
    const on = await newYorker('09:00');

    // 09:00 EST on 3 December is 14:00Z
    await runAt('2026-12-03T14:00:00Z');
    expect(on.days()).toEqual(['2026-12-03']);
    expect(unsubscribed.days()).toEqual([]);
    expect(off.days()).toEqual([]);
    // 4 December: first run at 12:00 (the server was down all morning): too late, nothing
    await runAt('2026-12-04T17:00:00Z');
    expect(on.days()).toEqual(['2026-12-03']);
    // 5 December: first run at 11:59, within the 3 hours: sent
    await runAt('2026-12-05T16:59:00Z');
    expect(on.days()).toEqual(['2026-12-03', '2026-12-05']);
  });
});
