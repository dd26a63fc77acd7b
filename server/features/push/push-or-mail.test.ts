import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, type TestApp } from '../../test/harness';
import { type PushService, addDevice, startPushTestApp } from '../../test/push-service';
import { setFrequency } from '../notifications/email-preferences';
import { sendPendingNotificationMails } from '../notifications/mails';
import { notify } from '../notifications/service';
import { type ReminderJob, reminderKey, SESSION_REMINDER_JOB, sendSessionReminder } from '../sessions/reminders';
import { bookFree, hoursAhead, noMailQueued, offerSession, queuedJob } from '../sessions/test/helpers';
import { sendPendingNotificationPushes } from './notification-pushes';

/*
 * The rule that keeps one event from reaching a member by push and by mail within the hour
 * (common/push/mail-rule.ts), through the real outboxes: the notification mails (mails.tsx), the
 * session reminder and announcements; a push service on the loopback takes the pushes.
 */
let t: TestApp;
let push: PushService;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, push, close } = await startPushTestApp());
});
afterAll(() => close());

/** A member (or facilitator) with one device that takes pushes. */
const withDevice = (account: { token: string }) => addDevice(t, push, account.token);

const noteOf = async (userId: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.userId, userId)))[0]!;

/**
 * What the two every-minute jobs do, run now: pushes first, then mails. The app's own schedule
 * runs the same jobs, so the checks below read what happened, not what one call answered.
 */
async function dispatch() {
  await sendPendingNotificationPushes(t.app.ctx);
  // until no push is being sent (the schedule's run may have taken one first)
  while ((await t.db.select().from(notifications).where(eq(notifications.pushState, 'sending'))).length > 0)
    await new Promise((resolve) => setTimeout(resolve, 20));
  await sendPendingNotificationMails(t.app.ctx);
}

/** A new direct message for a member who is away, with its push decided as notify() decides it. */
async function newMessageFor(userId: string) {
  await notify(t.db, { userId, type: 'message', message: 'New message from Ana.', link: '/messages?with=ana' });
  return noteOf(userId);
}

describe("a notification's push and its 'Immediately' mail", () => {
  it('for a default email setting, the delivered push replaces the mail', async () => {
    const sam = await buildUser(t.db);
    const device = await withDevice(sam);
    const note = await newMessageFor(sam.user.id);
    expect(note).toMatchObject({ mailPending: true, pushState: 'pending' });

    // the mail waits while the push is not settled (here: every device failed for now, a retry holds it)
    await t.db.update(notifications).set({ pushState: 'retrying' }).where(eq(notifications.id, note.id));
    await sendPendingNotificationMails(t.app.ctx);
    expect(await noteOf(sam.user.id)).toMatchObject({ mailPending: true, pushState: 'retrying' });
    await t.db.update(notifications).set({ pushState: 'pending' }).where(eq(notifications.id, note.id));

    await dispatch();
    expect(device.received()).toEqual([expect.objectContaining({ body: 'New message from Ana.' })]);
    expect(await noteOf(sam.user.id)).toMatchObject({ mailPending: false, pushState: 'delivered' });
    await noMailQueued(t, `notification:${note.id}`);
  });

  it("when the member set 'Immediately' for the type themselves, they chose both: push and mail", async () => {
    const lee = await buildUser(t.db);
    await setFrequency(t.db, lee.user.id, 'message', 'immediately');
    const device = await withDevice(lee);
    const note = await newMessageFor(lee.user.id);
    await dispatch();
    expect(device.received()).toHaveLength(1);
    expect(await noteOf(lee.user.id)).toMatchObject({ mailPending: false, pushState: 'delivered' });
    const mail = await t.mailbox.latest(lee.user.email, /New message from Ana/);
    expect(mail.text).toContain('New message from Ana.');
    expect(await queuedJob(t, 'mail', `notification:${note.id}`)).toBeDefined();
  });

  it('when no push service took the push (410 on the only device), the mail goes', async () => {
    const kim = await buildUser(t.db);
    const device = await withDevice(kim);
    push.answer(device.endpoint, 410);
    await newMessageFor(kim.user.id);
    await dispatch();
    expect(await noteOf(kim.user.id)).toMatchObject({ mailPending: false, pushState: 'failed' });
    await t.mailbox.latest(kim.user.email, /New message from Ana/);
  });

  it('a member without a device is mailed as before, without waiting', async () => {
    const jo = await buildUser(t.db);
    const note = await newMessageFor(jo.user.id);
    expect(note.pushState).toBeNull();
    await sendPendingNotificationMails(t.app.ctx);
    await t.mailbox.latest(jo.user.email, /New message from Ana/);
  });

  it('a push still unsettled after 15 minutes no longer holds the mail', async () => {
    const al = await buildUser(t.db);
    await withDevice(al);
    const note = await newMessageFor(al.user.id);
    // the dispatcher took it and its process died: 'sending' for good
    await t.db
      .update(notifications)
      .set({ pushState: 'sending', createdAt: sql`now() - interval '16 minutes'` })
      .where(eq(notifications.id, note.id));
    await sendPendingNotificationMails(t.app.ctx);
    await t.mailbox.latest(al.user.email, /New message from Ana/);
    // (the dead dispatcher's row would hold the waits of the tests below)
    await t.db.update(notifications).set({ pushState: 'failed' }).where(eq(notifications.id, note.id));
  });
});

describe('the session starting in 1 hour', () => {
  it('pushes to the booker and the host; the default setting gets no reminder mail, the chosen one gets both', async () => {
    const maya = await buildFacilitator(t.db, { name: 'Maya Rivers' });
    const sam = await buildUser(t.db, { name: 'Sam Lee' });
    const samsPhone = await withDevice(sam);
    const mayasPhone = await withDevice(maya);
    // Maya chose session mails herself
    await setFrequency(t.db, maya.user.id, 'session', 'immediately');
    const start = hoursAhead(30);
    const session = await offerSession(t, maya.token, start);
    await bookFree(t, sam.token, session._id);
    const base = { sessionId: session._id, startISO: start.toISOString(), bookedBy: sam.user.id };
    const job = await queuedJob(t, SESSION_REMINDER_JOB, reminderKey(base, '1h'));
    const data = job!.data as ReminderJob;

    expect(await sendSessionReminder(t.app.ctx, data, job!.startAfter)).toEqual({ queued: 1, pushed: 2 });
    expect(samsPhone.received()).toEqual([
      {
        title: 'Starts in 1 hour',
        body: 'Breath coaching with Maya Rivers',
        url: '/profile',
        tag: `session:${session._id}`,
      },
    ]);
    expect(mayasPhone.received()).toEqual([
      expect.objectContaining({ title: 'Starts in 1 hour', body: 'Breath coaching, booked by Sam Lee' }),
    ]);
    await noMailQueued(t, `${reminderKey(data, '1h')}:${sam.user.id}`);
    await t.mailbox.latest(maya.user.email, /^Starts in 1 hour: Breath coaching/);

    // the job run again (at least once delivery): no second push
    await sendSessionReminder(t.app.ctx, data, job!.startAfter);
    expect(samsPhone.received()).toHaveLength(1);
    expect(mayasPhone.received()).toHaveLength(1);
  });
});

describe('announcements', () => {
  it('go as a push instead of the mail to a member with a device, and as the mail to the others', async () => {
    const mira = await buildFacilitator(t.db, { name: 'Mira' });
    const tier = await buildTier(t.db, mira.user.id);
    const withPhone = await buildUser(t.db);
    const without = await buildUser(t.db);
    for (const m of [withPhone, without]) await buildSubscription(t.db, m.user.id, tier.id);
    const phone = await withDevice(withPhone);

    const sent = await call(
      t.app,
      'POST',
      '/api/app/announcement',
      { tierId: tier.id, subject: 'Retreat dates', body: 'We meet in **May**.' },
      mira.token,
    );
    expect(sent.statusCode).toBe(200);
    await t.mailbox.latest(without.user.email, /Retreat dates/);
    await dispatch();
    expect(phone.received()).toEqual([
      {
        title: 'Announcement',
        body: 'Mira: Retreat dates',
        url: `/profile/${mira.user.id}`,
        tag: `announcement:/profile/${mira.user.id}`,
      },
    ]);
    expect(await noteOf(withPhone.user.id)).toMatchObject({ pushState: 'delivered', mailPending: false });
    expect(t.mailbox.received.filter((m) => m.to === withPhone.user.email)).toEqual([]);
  });
});
