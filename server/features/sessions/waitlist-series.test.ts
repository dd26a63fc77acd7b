import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailPreferences, notifications, sessionBookings, sessionWaitlist } from '../../db/schema';
import { buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { bookFree, cancelSession, HOUR, hoursAhead, offerSession } from './test/helpers';
import { lapseOffer } from './waitlist';

/**
 * Waitlists when the facilitator changes or cancels sessions: a series edit raising the capacity
 * moves each affected session's line on, as the session's own edit does; a cancelled session (on
 * its own or through its series) tells everyone in its line and closes it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Occurrence = { _id: string; name: string; startTime: string; endTime: string };

/** The Monday `weeks` weeks from this one, at 10:00 UTC. */
const monday = (weeks: number) => {
  const d = new Date();
  d.setUTCHours(10, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) + weeks * 7);
  return d;
};
const form = (start: Date | string, end?: string) => ({
  name: 'Morning flow',
  description: 'Weekly class',
  price: 0,
  startTime: new Date(start).toISOString(),
  endTime: end ?? new Date(new Date(start).getTime() + HOUR).toISOString(),
  meetingUrl: 'https://meet.example.com/flow',
});
const members = (n: number, prefix: string) =>
  Promise.all(Array.from({ length: n }, (_, i) => buildUser(t.db, { name: `${prefix} ${i + 1}` })));
const bookedIds = async (sessionId: string) =>
  (
    await t.db
      .select({ memberId: sessionBookings.memberId })
      .from(sessionBookings)
      .where(and(eq(sessionBookings.sessionId, sessionId), eq(sessionBookings.status, 'booked')))
  )
    .map((r) => r.memberId)
    .sort();
const entriesOf = (sessionId: string) =>
  t.db.select().from(sessionWaitlist).where(eq(sessionWaitlist.sessionId, sessionId));

/** A weekly free series of three sessions of one place each, every one booked, and one member waiting on each. */
async function fullSeries() {
  const maya = await buildFacilitator(t.db, { name: 'Maya Rivers' });
  const res = await call(
    t.app,
    'POST',
    '/api/app/facilitator/session-series',
    {
      ...form(monday(1)),
      capacity: 1,
      repeat: { frequency: 'weekly', weekdays: ['MO'], ends: { type: 'after', count: 3 } },
    },
    maya.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  const series = res.json() as { _id: string; occurrences: Occurrence[] };
  const bookers = await members(3, 'Booker');
  const waiting = await members(3, 'Waiting');
  for (const [i, o] of series.occurrences.entries()) {
    const booked = await call(t.app, 'POST', '/api/app/book-free-session', { sessionId: o._id }, bookers[i]!.token);
    expect(booked.statusCode).toBe(200);
    const joined = await call(t.app, 'POST', `/api/app/session/${o._id}/waitlist`, undefined, waiting[i]!.token);
    expect(joined.statusCode, joined.body).toBe(200);
  }
  return { maya, seriesId: series._id, occurrences: series.occurrences, bookers, waiting };
}

describe('a series edit raising the capacity', () => {
  for (const scope of ['all', 'following'] as const) {
    it(`scope ${scope}: each session it reaches books its first in line, under the session's lock`, async () => {
      const { maya, seriesId, occurrences, bookers, waiting } = await fullSeries();
      const from = scope === 'all' ? occurrences[0]! : occurrences[1]!;
      const edit = await call(
        t.app,
        'POST',
        `/api/app/facilitator/session-series/${seriesId}/edit`,
        { ...form(from.startTime, from.endTime), capacity: 2, scope, sessionId: from._id },
        maya.token,
      );
      expect(edit.statusCode, edit.body).toBe(200);
      for (const [i, o] of occurrences.entries()) {
        const reached = scope === 'all' || i > 0;
        const expected = reached ? [bookers[i]!.user.id, waiting[i]!.user.id] : [bookers[i]!.user.id];
        expect(await bookedIds(o._id)).toEqual(expected.sort());
        const [entry] = await entriesOf(o._id);
        expect(entry!.status).toBe(reached ? 'promoted' : 'waiting');
      }
    });
  }
});

/** The session notices a member has, with whether each is mailed (their setting for session notices). */
const sessionNoticesOf = (memberId: string) =>
  t.db
    .select({ message: notifications.message, mailPending: notifications.mailPending, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.userId, memberId), eq(notifications.type, 'session')));

describe('a cancelled session closes its waitlist', () => {
  it('deleting a paid session tells the offered and the waiting member (in-app, mailed by their settings) and ends the offer', async () => {
    const maya = await buildFacilitator(t.db, { name: 'Maya Rivers' });
    const session = await offerSession(t, maya.token, hoursAhead(72), { price: 20, capacity: 1 });
    const [payer, ana, ben] = await members(3, 'Line');
    await t.db.insert(sessionBookings).values({ sessionId: session._id, memberId: payer!.user.id, status: 'booked' });
    for (const m of [ana!, ben!])
      expect(
        (await call(t.app, 'POST', `/api/app/session/${session._id}/waitlist`, undefined, m.token)).statusCode,
      ).toBe(200);
    // the payer cancels: Ana is offered the place, Ben still waits
    expect(
      (await call(t.app, 'POST', `/api/app/session/${session._id}/cancel-booking`, undefined, payer!.token)).statusCode,
    ).toBe(200);
    const [offered] = (await entriesOf(session._id)).filter((e) => e.status === 'offered');
    expect(offered!.memberId).toBe(ana!.user.id);

    await cancelSession(t, maya.token, session._id);
    for (const m of [ana!, ben!]) {
      const closed = (await sessionNoticesOf(m.user.id)).filter((n) => n.message.includes('its waitlist has closed'));
      expect(closed, m.user.name).toHaveLength(1);
      expect(closed[0]!.message).toMatch(/^Breath coaching on .* was cancelled by the facilitator/);
      expect(closed[0]!.mailPending).toBe(true);
    }
    // the entries went with the session, and the offer's lapse job finds nothing left to do
    expect(await entriesOf(session._id)).toEqual([]);
    expect(await lapseOffer(t.app.ctx, { entryId: offered!.id })).toEqual({ skipped: 'not offered' });
    // nobody who had left the line, or only booked, hears of the waitlist
    expect((await sessionNoticesOf(payer!.user.id)).some((n) => n.message.includes('waitlist has closed'))).toBe(false);
  });

  it('a member whose notification mails are off is told in-app only', async () => {
    const maya = await buildFacilitator(t.db);
    const session = await offerSession(t, maya.token, hoursAhead(48), { capacity: 1 });
    const [booker, quiet] = await members(2, 'Quiet');
    await bookFree(t, booker!.token, session._id);
    await call(t.app, 'POST', `/api/app/session/${session._id}/waitlist`, undefined, quiet!.token);
    await t.db.insert(emailPreferences).values({ userId: quiet!.user.id, type: 'session', frequency: 'off' });
    await cancelSession(t, maya.token, session._id);
    const [closed] = (await sessionNoticesOf(quiet!.user.id)).filter((n) => n.message.includes('waitlist has closed'));
    expect(closed!.mailPending).toBe(false);
  });

  it('cancelling through the series (all upcoming) tells each line once', async () => {
    const { maya, seriesId, occurrences, waiting } = await fullSeries();
    const res = await call(
      t.app,
      'POST',
      `/api/app/facilitator/session-series/${seriesId}/delete`,
      { scope: 'all', sessionId: occurrences[0]!._id },
      maya.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 3 });
    for (const m of waiting) {
      const closed = (await sessionNoticesOf(m.user.id)).filter((n) => n.message.includes('waitlist has closed'));
      expect(closed).toHaveLength(1);
    }
    for (const o of occurrences) expect(await entriesOf(o._id)).toEqual([]);
  });
});
