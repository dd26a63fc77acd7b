import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, sessionBookings, sessions } from '../../db/schema';
import { buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { setFrequency } from '../notifications/email-preferences';
import {
  bookFree,
  cancelSession,
  hoursAhead,
  invitationIn,
  moveSession,
  noMailQueued,
  offerSession,
  queuedIcsType,
  sessionBody,
} from './test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A facilitator in New York and a member in Berlin, each reading times in their own zone. */
async function people() {
  const maya = await buildFacilitator(t.db, { name: 'Maya Rivers', timeZone: 'America/New_York' });
  const sam = await buildUser(t.db, { name: 'Sam Lee', timeZone: 'Europe/Berlin' });
  return { maya, sam };
}

const fmt = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .replace(',', '');

describe('session booked', () => {
  it('mails the member and the facilitator, each in their time zone, with an invitation ical.js reads', async () => {
    const { maya, sam } = await people();
    const start = hoursAhead(72);
    const session = await offerSession(t, maya.token, start);
    await bookFree(t, sam.token, session._id);

    const toSam = await t.mailbox.latest(sam.user.email, /^Booked: Breath coaching/);
    expect(toSam.subject).toContain(fmt(start, 'Europe/Berlin'));
    expect(toSam.text).toContain('You booked Breath coaching with Maya Rivers.');
    expect(toSam.text).toContain('https://meet.example.com/abc');
    expect(toSam.html).toContain('Join the session');
    // the one-click unsubscribe of 'session' mails (RFC 8058)
    expect(toSam.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\?token=/);
    expect(toSam.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const invite = invitationIn(toSam);
    expect(invite.contentType).toMatch(/^text\/calendar/);
    const [row] = await t.db.select().from(sessionBookings).where(eq(sessionBookings.sessionId, session._id));
    expect(await queuedIcsType(t, `session-booked:${session._id}:${row!.bookedAt!.toISOString()}:member`)).toBe(
      'text/calendar; charset=utf-8; method=REQUEST',
    );
    expect(invite).toMatchObject({
      method: 'REQUEST',
      uid: `${session._id}@localhost:3000`,
      sequence: 0,
      status: 'CONFIRMED',
      organizer: `mailto:${maya.user.email}`,
      attendees: [`mailto:${sam.user.email}`],
      location: 'https://meet.example.com/abc',
    });
    expect(invite.start.toISOString()).toBe(start.toISOString());
    expect(invite.end.toISOString()).toBe(new Date(start.getTime() + 3_600_000).toISOString());

    const toMaya = await t.mailbox.latest(maya.user.email, /booked Breath coaching/);
    expect(toMaya.subject).toMatch(`Sam Lee booked Breath coaching on ${fmt(start, 'America/New_York')} E`);
    expect(invitationIn(toMaya).start.toISOString()).toBe(start.toISOString());

    // the notifications are in the bell, and not mailed a second time as generic notification mails
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, sam.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.mailPending).toBe(false);
  });

  it('is mailed when a paid booking completes through the payment events too', async () => {
    const { maya, sam } = await people();
    const session = await offerSession(t, maya.token, hoursAhead(50), { price: 40, name: 'Deep dive' });
    const started = await call(
      t.app,
      'POST',
      '/api/app/session/create-checkout-session',
      { sessionId: session._id },
      sam.token,
    );
    expect(started.statusCode).toBe(200);
    const paid = await call(
      t.app,
      'POST',
      `/api/test-mode/checkout/${started.json().url.split('/').pop()}/pay`,
      {},
      sam.token,
    );
    expect(paid.statusCode).toBe(200);
    const toSam = await t.mailbox.latest(sam.user.email, /^Booked: Deep dive/);
    expect(invitationIn(toSam).method).toBe('REQUEST');
    await t.mailbox.latest(maya.user.email, /booked Deep dive/);
  });

  it("sends nothing to a member whose session mails are 'Off', and none for 'Daily digest' (the digest carries it)", async () => {
    const { maya, sam } = await people();
    const lee = await buildUser(t.db, { name: 'Lee' });
    await setFrequency(t.db, sam.user.id, 'session', 'off');
    await setFrequency(t.db, lee.user.id, 'session', 'digest');
    const first = await offerSession(t, maya.token, hoursAhead(30));
    const second = await offerSession(t, maya.token, hoursAhead(32));
    await bookFree(t, sam.token, first._id);
    await bookFree(t, lee.token, second._id);
    // the facilitator still hears of both
    await t.mailbox.latest(maya.user.email, /^Sam Lee booked/);
    await t.mailbox.latest(maya.user.email, /^Lee booked/);
    for (const [who, id] of [
      [sam, first._id],
      [lee, second._id],
    ] as const) {
      const [row] = await t.db.select().from(sessionBookings).where(eq(sessionBookings.sessionId, id));
      await noMailQueued(t, `session-booked:${id}:${row!.bookedAt!.toISOString()}:member`);
      expect(t.mailbox.received.filter((m) => m.to === who.user.email)).toEqual([]);
    }
    // the digest member's notification is there for the digest to collect
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, lee.user.id), eq(notifications.type, 'session')));
    expect(notice).toMatchObject({ viewed: false, mailPending: false });
  });
});

describe('session changed', () => {
  it('a moved session raises the SEQUENCE in the same update and mails the update to both sides', async () => {
    const { maya, sam } = await people();
    const session = await offerSession(t, maya.token, hoursAhead(72));
    await bookFree(t, sam.token, session._id);
    await t.mailbox.latest(sam.user.email, /^Booked:/);
    const later = hoursAhead(96);
    await moveSession(t, maya.token, session._id, later);

    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, session._id));
    expect(row!.icsSequence).toBe(1);
    const toSam = await t.mailbox.latest(sam.user.email, /^Changed: Breath coaching now starts/);
    expect(toSam.subject).toContain(fmt(later, 'Europe/Berlin'));
    const invite = invitationIn(toSam);
    expect(invite).toMatchObject({ method: 'REQUEST', sequence: 1, uid: `${session._id}@localhost:3000` });
    expect(invite.raw).toContain('SEQUENCE:1');
    expect(invite.start.toISOString()).toBe(later.toISOString());
    const toMaya = await t.mailbox.latest(maya.user.email, /^Updated: Breath coaching/);
    expect(invitationIn(toMaya).sequence).toBe(1);
  });

  it('a change of name only sends no update and keeps the SEQUENCE', async () => {
    const { maya, sam } = await people();
    const start = hoursAhead(72);
    const session = await offerSession(t, maya.token, start);
    await bookFree(t, sam.token, session._id);
    const res = await call(
      t.app,
      'POST',
      `/api/app/facilitator/sessions/${session._id}`,
      { ...sessionBody(start), name: 'Breath coaching II' },
      maya.token,
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, session._id));
    expect(row!.icsSequence).toBe(0);
    await noMailQueued(t, `session-changed:${session._id}:1:member:${sam.user.id}`);
  });
});

describe('session cancelled', () => {
  it('mails METHOD:CANCEL with the next SEQUENCE to both sides', async () => {
    const { maya, sam } = await people();
    const start = hoursAhead(72);
    const session = await offerSession(t, maya.token, start);
    await bookFree(t, sam.token, session._id);
    await moveSession(t, maya.token, session._id, hoursAhead(80));
    await cancelSession(t, maya.token, session._id);

    const toSam = await t.mailbox.latest(sam.user.email, /^Cancelled: Breath coaching/);
    expect(toSam.text).toContain('Maya Rivers cancelled Breath coaching.');
    const invite = invitationIn(toSam);
    expect(await queuedIcsType(t, `session-cancelled:${session._id}:2:member:${sam.user.id}`)).toBe(
      'text/calendar; charset=utf-8; method=CANCEL',
    );
    expect(invite).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 2 });
    const toMaya = await t.mailbox.latest(maya.user.email, /^Cancelled: Breath coaching with Sam Lee/);
    expect(invitationIn(toMaya).method).toBe('CANCEL');
  });
});
