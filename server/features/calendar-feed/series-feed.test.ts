import ical from 'node-ical';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { wallClockOf } from '../../../common/sessions/series/zone-time';
import { buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { bookFree } from '../sessions/test/helpers';
import { issueFeed, readFeed } from './test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Occurrence = { _id: string; startTime: string; endTime: string; name: string };

it(`a weekly class in Berlin, one session moved and one cancelled, reads right in another iCalendar implementation (${process.env.TEST_DB ?? 'pglite'})`, async () => {
  const anna = await buildFacilitator(t.db, { name: 'Anna Berg', timeZone: 'Europe/Berlin' });
  const sam = await buildUser(t.db, { name: 'Sam Lee' });
  // Mondays at 07:00 in Berlin from 22 March 2027, four times: the clocks change on 28 March
  const created = await call(
    t.app,
    'POST',
    '/api/app/facilitator/session-series',
    {
      name: 'Morning sit',
      description: 'Weekly class',
      price: 0,
      startTime: '2027-03-22T06:00:00.000Z',
      endTime: '2027-03-22T07:00:00.000Z',
      meetingUrl: 'https://meet.example.com/sit',
      capacity: 8,
      repeat: { frequency: 'weekly', weekdays: ['MO'], ends: { type: 'after', count: 4 } },
    },
    anna.token,
  );
  expect(created.statusCode, created.body).toBe(200);
  const series = created.json() as { _id: string; occurrences: Occurrence[] };
  const [first, second, third, fourth] = series.occurrences;
  for (const o of series.occurrences) await bookFree(t, sam.token, o._id);

  // the second, on its own, moves to 08:00; the third is cancelled
  const moved = await call(
    t.app,
    'POST',
    `/api/app/facilitator/session-series/${series._id}/edit`,
    {
      name: 'Morning sit',
      description: 'Weekly class',
      price: 0,
      startTime: '2027-03-29T06:00:00.000Z',
      endTime: '2027-03-29T07:00:00.000Z',
      meetingUrl: 'https://meet.example.com/sit',
      sessionId: second!._id,
      scope: 'this',
    },
    anna.token,
  );
  expect(moved.statusCode, moved.body).toBe(200);
  const cancelled = await call(
    t.app,
    'POST',
    `/api/app/facilitator/session-series/${series._id}/delete`,
    { sessionId: third!._id, scope: 'this' },
    anna.token,
  );
  expect(cancelled.statusCode, cancelled.body).toBe(200);

  const feed = await issueFeed(t, sam.token);
  const res = await readFeed(t, feed.url);
  expect(res.statusCode).toBe(200);
  const events = (Object.values(ical.sync.parseICS(res.body)) as ical.VEvent[])
    .filter((c) => c?.type === 'VEVENT')
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const read = events.map((e) => ({
    uid: e.uid,
    local: wallClockOf(e.start, 'Europe/Berlin'),
    status: e.status ?? null,
    sequence: Number(e.sequence ?? 0),
  }));
  expect(read.map(({ local, status, sequence }) => ({ local, status, sequence }))).toEqual([
    { local: '2027-03-22T07:00', status: 'CONFIRMED', sequence: 0 },
    // after the change to summer time, moved by an hour on its own: its invitations' SEQUENCE rose
    { local: '2027-03-29T08:00', status: 'CONFIRMED', sequence: 1 },
    { local: '2027-04-05T07:00', status: 'CANCELLED', sequence: 1 },
    { local: '2027-04-12T07:00', status: 'CONFIRMED', sequence: 0 },
  ]);
  // each session its own event, under the UID its invitations carry
  expect(new Set(read.map((e) => e.uid)).size).toBe(4);
  expect(read.map((e) => e.uid).join(' ')).toContain(first!._id);
  expect(read.map((e) => e.uid).join(' ')).toContain(fourth!._id);
});
