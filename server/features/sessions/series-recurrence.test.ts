import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { countQueries } from '../../test/query-count';
import { HOUR, offerSession } from './test/helpers';

/** A session of a series says how its series repeats; a page of them reads the series in one query. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Monday 2027-03-01 10:00 UTC, `weeks` later. */
const monday = (weeks = 0) => new Date(Date.UTC(2027, 2, 1 + weeks * 7, 10));
type Answer = { _id: string; name: string; seriesId?: string; recurrence?: string };

async function series(token: string, name: string, count: number, weekdays = ['MO', 'WE']) {
  const start = monday();
  const res = await call(
    t.app,
    'POST',
    '/api/app/facilitator/session-series',
    {
      name,
      description: '',
      price: 0,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + HOUR).toISOString(),
      meetingUrl: 'https://meet.example.com/flow',
      repeat: { frequency: 'weekly', weekdays, ends: { type: 'after', count } },
    },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { _id: string; occurrences: Answer[] };
}
const week = (facilitatorId: string, token: string, from: Date, days = 14) =>
  call(
    t.app,
    'GET',
    `/api/app/facilitator/${facilitatorId}/sessions?from=${from.toISOString()}&to=${new Date(from.getTime() + days * 24 * HOUR).toISOString()}`,
    undefined,
    token,
  );

describe('the recurrence of a session of a series', () => {
  it('calendar and single answers carry the series id and how it repeats; a single session carries neither', async () => {
    const anna = await buildFacilitator(t.db, { timeZone: 'UTC' });
    const member = await buildUser(t.db);
    const flow = await series(anna.token, 'Morning flow', 6);
    const single = await offerSession(t, anna.token, new Date(Date.UTC(2027, 2, 2, 15)));
    const res = await week(anna.user.id, member.token, monday());
    expect(res.statusCode).toBe(200);
    const answers = res.json() as Answer[];
    const ofSeries = answers.filter((a) => a.seriesId === flow._id);
    expect(ofSeries).toHaveLength(4);
    for (const a of ofSeries) expect(a.recurrence).toBe('Weekly on Mon, Wed, until 03/17/2027');
    const alone = answers.find((a) => a._id === single._id)!;
    expect(alone.seriesId).toBeUndefined();
    expect(alone.recurrence).toBeUndefined();
    const one = (await call(t.app, 'GET', `/api/app/session/${ofSeries[0]!._id}`, undefined, member.token)).json();
    expect(one).toMatchObject({ seriesId: flow._id, recurrence: 'Weekly on Mon, Wed, until 03/17/2027' });
  });

  it('a page reads its series in one query, however many sessions and series it holds', async () => {
    const few = await buildFacilitator(t.db, { timeZone: 'UTC' });
    await series(few.token, 'Few', 2, ['MO']);
    const many = await buildFacilitator(t.db, { timeZone: 'UTC' });
    await series(many.token, 'Daily-ish', 20, ['MO', 'TU', 'WE', 'TH', 'FR']);
    await series(many.token, 'Second', 4, ['SA']);
    const member = await buildUser(t.db);
    const statements = async (who: typeof few) =>
      countQueries(t.database, async () => {
        const res = await week(who.user.id, member.token, monday(), 28);
        expect(res.statusCode).toBe(200);
        expect((res.json() as Answer[]).every((a) => a.recurrence)).toBe(true);
      });
    expect(await statements(many)).toBe(await statements(few));
  });
});

describe("a facilitator's own series (GET app/facilitator/session-series)", () => {
  it('lists their series by name with how each repeats; never another facilitator’s', async () => {
    const anna = await buildFacilitator(t.db, { timeZone: 'UTC' });
    const other = await buildFacilitator(t.db, { timeZone: 'UTC' });
    const yoga = await series(anna.token, 'Yoga', 4, ['TU']);
    const breath = await series(anna.token, 'Breath', 6);
    await series(other.token, 'Not hers', 2, ['MO']);
    const res = await call(t.app, 'GET', '/api/app/facilitator/session-series', undefined, anna.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { _id: breath._id, name: 'Breath', summary: 'Weekly on Mon, Wed · 10:00', lastDate: '2027-03-17' },
      { _id: yoga._id, name: 'Yoga', summary: 'Weekly on Tue · 10:00', lastDate: '2027-03-23' },
    ]);
    const none = await buildFacilitator(t.db);
    expect((await call(t.app, 'GET', '/api/app/facilitator/session-series', undefined, none.token)).json()).toEqual([]);
  });

  it('refuses members (403 facilitators_only) and visitors (401)', async () => {
    const member = await buildUser(t.db);
    const refused = await call(t.app, 'GET', '/api/app/facilitator/session-series', undefined, member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'facilitators_only', message: expect.any(String) });
    expect((await call(t.app, 'GET', '/api/app/facilitator/session-series')).statusCode).toBe(401);
  });
});
