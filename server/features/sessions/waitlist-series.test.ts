import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionBookings, sessionWaitlist } from '../../db/schema';
import { buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { HOUR } from './test/helpers';

/**
 * The waitlists of a series' sessions: a series edit raising the capacity moves each affected
 * session's line on, as the session's own edit does.
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
