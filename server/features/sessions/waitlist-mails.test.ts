import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../common/time';
import { notifications, sessionBookings, sessionWaitlist } from '../../db/schema';
import { buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { setFrequency } from '../notifications/email-preferences';
import { hoursAhead, offerSession, queuedJob, sessionBody } from './test/helpers';

/** The offer of a place from a paid session's waitlist is a mail of its own, in the member's zone. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A paid one-place session booked by a payer, with Sam (in Berlin) first in line; the payer then cancels. */
async function offeredToSam(options: { samMails?: 'off' } = {}) {
  const maya = await buildFacilitator(t.db, { name: 'Maya Rivers', timeZone: 'America/New_York' });
  const sam = await buildUser(t.db, { name: 'Sam Lee', timeZone: 'Europe/Berlin' });
  const payer = await buildUser(t.db);
  const start = hoursAhead(72);
  const session = await offerSession(t, maya.token, start, { price: 20, capacity: 1 });
  await t.db.insert(sessionBookings).values({ sessionId: session._id, memberId: payer.user.id, status: 'booked' });
  expect((await call(t.app, 'POST', `/api/app/session/${session._id}/waitlist`, undefined, sam.token)).statusCode).toBe(
    200,
  );
  if (options.samMails) await setFrequency(t.db, sam.user.id, 'session', options.samMails);
  expect(
    (await call(t.app, 'POST', `/api/app/session/${session._id}/cancel-booking`, undefined, payer.token)).statusCode,
  ).toBe(200);
  const [entry] = await t.db
    .select()
    .from(sessionWaitlist)
    .where(and(eq(sessionWaitlist.sessionId, session._id), eq(sessionWaitlist.memberId, sam.user.id)));
  expect(entry!.status).toBe('offered');
  return { maya, sam, sessionId: session._id, start, entry: entry! };
}

describe('the waitlist offer mail', () => {
  it('says a place opened up and by when to book it, in the member’s zone, with the link to book and the price', async () => {
    const { maya, sam, entry } = await offeredToSam();
    const by = formatDateTime(entry.offerUntil!, 'Europe/Berlin', { withZone: true });
    const mail = await t.mailbox.latest(sam.user.email, /^A place opened up in Breath coaching/);
    expect(mail.subject).toBe(`A place opened up in Breath coaching: book it by ${by}`);
    expect(mail.text).toContain('you were next on the waitlist');
    expect(mail.text).toContain('Price: $20');
    expect(mail.text).toContain(`Book by: ${by}`);
    expect(mail.text).toContain('With: Maya Rivers');
    expect(mail.html).toContain('Book your place');
    // the link opens the session itself in the calendar, at its week
    expect(mail.html).toContain(`/profile/${maya.user.id}?tab=sessions&amp;session=${entry.sessionId}&amp;at=`);
    expect(mail.attachments.some((a) => a.filename.endsWith('.ics'))).toBe(false);
    expect(mail.headers['list-unsubscribe']).toMatch(/unsubscribe\?token=/);
    // the notice is in-app (and pushed); its generic mail is not sent beside the offer's own
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, sam.user.id), eq(notifications.type, 'session')));
    expect(notice!.message).toContain('is held for you until');
    expect(notice!.mailPending).toBe(false);
    expect(
      await queuedJob(t, 'mail', `waitlist-offer-mail:${entry.id}:${entry.offerUntil!.toISOString()}`),
    ).toBeDefined();
  });

  it('a new price sends a new mail naming it and the new deadline', async () => {
    const { maya, sam, sessionId, start, entry } = await offeredToSam();
    const moved = await call(
      t.app,
      'POST',
      `/api/app/facilitator/sessions/${sessionId}`,
      { ...sessionBody(start, { price: 25 }), capacity: 1 },
      maya.token,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const [again] = await t.db.select().from(sessionWaitlist).where(eq(sessionWaitlist.id, entry.id));
    const by = formatDateTime(again!.offerUntil!, 'Europe/Berlin', { withZone: true });
    const mail = await t.mailbox.latest(sam.user.email, /^New price for Breath coaching/);
    expect(mail.subject).toBe(`New price for Breath coaching: your place is held until ${by}`);
    expect(mail.text).toContain('changed to $25');
    expect(mail.text).toContain('Price: $25');
  });

  it('is not mailed to a member who turned session mails off (the notice stays)', async () => {
    const { sam, entry } = await offeredToSam({ samMails: 'off' });
    expect(
      await queuedJob(t, 'mail', `waitlist-offer-mail:${entry.id}:${entry.offerUntil!.toISOString()}`),
    ).toBeUndefined();
    const notes = (await call(t.app, 'GET', '/api/app/notifications', undefined, sam.token)).json();
    expect(notes.some((n: { message: string }) => n.message.includes('is held for you until'))).toBe(true);
  });
});
