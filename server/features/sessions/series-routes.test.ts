import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { wallClockOf } from '../../../common/sessions/series/zone-time';
import { sessionSeries, sessions } from '../../db/schema';
import { buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { extendSeriesHorizons } from './series-jobs';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
type Occurrence = { _id: string; name: string; startTime: string; endTime: string; seriesId?: string };
type Rule = { frequency: string; interval?: number; weekdays?: string[]; ends: Record<string, unknown> };

/** The Monday `weeks` weeks from this one, at `hour` UTC. */
const monday = (weeks: number, hour = 10) => {
  const d = new Date();
  d.setUTCHours(hour, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) + weeks * 7);
  return d;
};
const seriesBody = (start: Date, repeat: Rule, overrides: Record<string, unknown> = {}) => ({
  name: 'Morning flow',
  description: 'Weekly class',
  price: 0,
  startTime: start.toISOString(),
  endTime: new Date(start.getTime() + HOUR).toISOString(),
  meetingUrl: 'https://meet.example.com/flow',
  repeat,
  ...overrides,
});
const weekly = (count: number): Rule => ({ frequency: 'weekly', weekdays: ['MO'], ends: { type: 'after', count } });

const createSeries = async (token: string, body: ReturnType<typeof seriesBody>) => {
  const res = await call(t.app, 'POST', '/api/app/facilitator/session-series', body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { _id: string; occurrences: Occurrence[]; cancelledDates: string[]; summary: string };
};
const getSeries = async (token: string, id: string) => {
  const res = await call(t.app, 'GET', `/api/app/facilitator/session-series/${id}`, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    _id: string;
    occurrences: Occurrence[];
    cancelledDates: string[];
    name: string;
    rrule: string;
  };
};
const editSeries = (token: string, seriesId: string, occurrence: Occurrence, body: Record<string, unknown>) =>
  call(
    t.app,
    'POST',
    `/api/app/facilitator/session-series/${seriesId}/edit`,
    {
      name: occurrence.name,
      description: 'Weekly class',
      price: 0,
      startTime: occurrence.startTime,
      endTime: occurrence.endTime,
      meetingUrl: 'https://meet.example.com/flow',
      sessionId: occurrence._id,
      ...body,
    },
    token,
  );
const notices = async (token: string) =>
  (await call(t.app, 'GET', '/api/app/notifications', undefined, token))
    .json()
    .map((n: { message: string }) => n.message) as string[];
const book = async (token: string, sessionId: string) =>
  expect((await call(t.app, 'POST', '/api/app/book-free-session', { sessionId }, token)).statusCode).toBe(200);
const rowOf = async (id: string) => (await t.db.select().from(sessions).where(eq(sessions.id, id)))[0];

describe('a weekly series in Europe/Berlin', () => {
  it('keeps 07:00 local across both 2027 changes of daylight saving time, and the daily job makes the rest', async () => {
    const anna = await buildFacilitator(t.db, { timeZone: 'Europe/Berlin' });
    // Monday 2027-01-04 07:00 in Berlin (UTC+1), every Monday until 2027-11-29: 48 sessions
    const series = await createSeries(
      anna.token,
      seriesBody(new Date('2027-01-04T06:00:00Z'), {
        frequency: 'weekly',
        weekdays: ['MO'],
        ends: { type: 'on', date: '2027-11-29' },
      }),
    );
    expect(series.summary).toBe('Weekly on Mon · 07:00');
    // made up to about six months ahead, not all 48 at once
    expect(series.occurrences.length).toBeLessThan(48);
    await extendSeriesHorizons(t.app.ctx, new Date('2027-07-01T00:00:00Z'));
    const { occurrences } = await getSeries(anna.token, series._id);
    expect(occurrences).toHaveLength(48);
    expect(occurrences.every((o) => wallClockOf(new Date(o.startTime), 'Europe/Berlin').endsWith('T07:00'))).toBe(true);
    const utcOn = (date: string) => occurrences.find((o) => o.startTime.startsWith(date))?.startTime;
    expect(utcOn('2027-03-22')).toBe('2027-03-22T06:00:00.000Z');
    expect(utcOn('2027-03-29')).toBe('2027-03-29T05:00:00.000Z');
    expect(utcOn('2027-10-25')).toBe('2027-10-25T05:00:00.000Z');
    expect(utcOn('2027-11-01')).toBe('2027-11-01T06:00:00.000Z');
    expect(occurrences.every((o) => o.seriesId === series._id)).toBe(true);
    // a second run makes nothing twice
    expect((await extendSeriesHorizons(t.app.ctx, new Date('2027-07-01T00:00:00Z'))).made).toBe(0);
  });
});

describe('creating a series', () => {
  it('refuses more than 200 sessions with a 400 and writes nothing', async () => {
    const maya = await buildFacilitator(t.db);
    for (const repeat of [
      { frequency: 'daily', ends: { type: 'after', count: 201 } },
      { frequency: 'daily', ends: { type: 'on', date: '2031-01-01' } },
    ]) {
      const res = await call(
        t.app,
        'POST',
        '/api/app/facilitator/session-series',
        seriesBody(monday(1), repeat),
        maya.token,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'series_too_long', message: expect.stringContaining('200') });
    }
    expect(await t.db.select().from(sessionSeries).where(eq(sessionSeries.facilitatorId, maya.user.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.facilitatorId, maya.user.id))).toEqual([]);
  });

  it('refuses a weekly rule without a day and a rule that ends before it begins', async () => {
    const maya = await buildFacilitator(t.db);
    const noDay = await call(
      t.app,
      'POST',
      '/api/app/facilitator/session-series',
      seriesBody(monday(1), { frequency: 'weekly', weekdays: [], ends: { type: 'after', count: 3 } }),
      maya.token,
    );
    expect(noDay.json().error).toBe('invalid_input');
    const backwards = await call(
      t.app,
      'POST',
      '/api/app/facilitator/session-series',
      seriesBody(monday(2), {
        frequency: 'weekly',
        weekdays: ['MO'],
        ends: { type: 'on', date: monday(1).toISOString().slice(0, 10) },
      }),
      maya.token,
    );
    expect(backwards.json().error).toBe('series_empty');
  });

  it('refuses visitors, members and other facilitators', async () => {
    const maya = await buildFacilitator(t.db);
    const other = await buildFacilitator(t.db);
    const member = await buildUser(t.db);
    const series = await createSeries(maya.token, seriesBody(monday(1), weekly(3)));
    const first = series.occurrences[0]!;
    const body = seriesBody(monday(1), weekly(3));
    expect((await call(t.app, 'POST', '/api/app/facilitator/session-series', body)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/app/facilitator/session-series', body, member.token)).json().error).toBe(
      'facilitators_only',
    );
    expect((await call(t.app, 'GET', `/api/app/facilitator/session-series/${series._id}`)).statusCode).toBe(401);
    for (const outsider of [member, other]) {
      const read = await call(
        t.app,
        'GET',
        `/api/app/facilitator/session-series/${series._id}`,
        undefined,
        outsider.token,
      );
      expect(read.statusCode).toBe(403);
      expect(read.json().error).toBe('series_owner_only');
      const edit = await editSeries(outsider.token, series._id, first, { scope: 'all', name: 'Hijacked' });
      expect(edit.statusCode).toBe(403);
      const remove = await call(
        t.app,
        'POST',
        `/api/app/facilitator/session-series/${series._id}/delete`,
        { scope: 'all', sessionId: first._id },
        outsider.token,
      );
      expect(remove.statusCode).toBe(403);
    }
    expect((await editSeries('', series._id, first, { scope: 'all' })).statusCode).toBe(401);
    const unknown = await call(
      t.app,
      'GET',
      `/api/app/facilitator/session-series/${crypto.randomUUID()}`,
      undefined,
      maya.token,
    );
    expect(unknown.statusCode).toBe(404);
    const after = await getSeries(maya.token, series._id);
    expect(after.occurrences.map((o) => o.name)).toEqual(['Morning flow', 'Morning flow', 'Morning flow']);
  });

  it('marks the sessions of the calendar with their series', async () => {
    const maya = await buildFacilitator(t.db);
    const series = await createSeries(maya.token, seriesBody(monday(1), weekly(2)));
    const week = await call(
      t.app,
      'GET',
      `/api/app/facilitator/own/sessions?from=${monday(1, 0).toISOString()}&to=${monday(3, 0).toISOString()}`,
      undefined,
      maya.token,
    );
    expect(week.json().map((s: Occurrence) => s.seriesId)).toEqual([series._id, series._id]);
  });

  it("gives every session of a class the form's places, and an 'all' change gives them the new number", async () => {
    const maya = await buildFacilitator(t.db);
    const series = await createSeries(maya.token, seriesBody(monday(1), weekly(3), { capacity: 12 }));
    const placesOf = async () =>
      (await getSeries(maya.token, series._id)).occurrences.map(
        (o) => (o as Occurrence & { capacity: number }).capacity,
      );
    expect(await placesOf()).toEqual([12, 12, 12]);
    const res = await editSeries(maya.token, series._id, series.occurrences[0]!, { scope: 'all', capacity: 8 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await placesOf()).toEqual([8, 8, 8]);
  });
});

describe('changing a series from one of its sessions', () => {
  it("'this' changes that session alone; 'all' then changes every upcoming one but the one changed on its own, and leaves past ones", async () => {
    const maya = await buildFacilitator(t.db);
    // two sessions in the past, four to come (the first of them in two hours)
    const soon = new Date(Math.floor(Date.now() / HOUR) * HOUR + 2 * HOUR);
    const start = new Date(soon.getTime() - 14 * DAY);
    const weekday = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][start.getUTCDay()]!;
    const series = await createSeries(
      maya.token,
      seriesBody(start, { frequency: 'weekly', weekdays: [weekday], ends: { type: 'after', count: 6 } }),
    );
    const [past1, past2, next1, next2, next3, next4] = series.occurrences as [Occurrence, ...Occurrence[]];
    const own = await editSeries(maya.token, series._id, next2!, { scope: 'this', name: 'Special edition' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().session.name).toBe('Special edition');

    const member = await buildUser(t.db);
    await book(member.token, next3!._id);
    const before = await rowOf(next3!._id);
    // one hour later and renamed, for all sessions
    const later = (o: Occurrence) => ({
      startTime: new Date(new Date(o.startTime).getTime() + HOUR).toISOString(),
      endTime: new Date(new Date(o.endTime).getTime() + HOUR).toISOString(),
    });
    const all = await editSeries(maya.token, series._id, next1!, {
      scope: 'all',
      name: 'Evening flow',
      ...later(next1!),
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().seriesId).toBe(series._id);
    const after = await getSeries(maya.token, series._id);
    const byId = new Map(after.occurrences.map((o) => [o._id, o]));
    expect(byId.get(past1!._id)).toMatchObject({ name: 'Morning flow', startTime: past1!.startTime });
    expect(byId.get(past2!._id)).toMatchObject({ name: 'Morning flow', startTime: past2!.startTime });
    for (const o of [next1!, next3!, next4!])
      expect(byId.get(o._id)).toMatchObject({ name: 'Evening flow', ...{ startTime: later(o).startTime } });
    // its own name stays, its time follows the series
    expect(byId.get(next2!._id)).toMatchObject({ name: 'Special edition', startTime: later(next2!).startTime });
    expect(after.name).toBe('Evening flow');
    // the booker of a moved session is told, and its invitation's SEQUENCE goes up
    expect((await rowOf(next3!._id))!.icsSequence).toBe(before!.icsSequence + 1);
    expect((await notices(member.token)).some((m) => /changed|moved/i.test(m))).toBe(true);
  });

  it("'this and following' ends the series the day before and begins a new one with the new values", async () => {
    const maya = await buildFacilitator(t.db);
    const series = await createSeries(maya.token, seriesBody(monday(1), weekly(5)));
    const [o1, o2, o3, o4, o5] = series.occurrences as Occurrence[];
    const res = await editSeries(maya.token, series._id, o3!, {
      scope: 'following',
      name: 'Deep flow',
      repeat: { frequency: 'weekly', weekdays: ['MO'], ends: { type: 'after', count: 2 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const newId = res.json().seriesId as string;
    expect(newId).not.toBe(series._id);
    const old = await getSeries(maya.token, series._id);
    expect(old.occurrences.map((o) => o._id)).toEqual([o1!._id, o2!._id]);
    expect(old.rrule).toContain('UNTIL=');
    const fresh = await getSeries(maya.token, newId);
    expect(fresh.occurrences.map((o) => o.name)).toEqual(['Deep flow', 'Deep flow']);
    expect(fresh.occurrences.map((o) => o._id)).toEqual([o3!._id, o4!._id]);
    // two sessions from o3 on: o5 is no longer in the rule
    expect(await rowOf(o5!._id)).toBeUndefined();
  });

  it('refuses to move a session to another day for the following or all sessions', async () => {
    const maya = await buildFacilitator(t.db);
    const series = await createSeries(maya.token, seriesBody(monday(1), weekly(3)));
    const o = series.occurrences[1]!;
    const res = await editSeries(maya.token, series._id, o, {
      scope: 'all',
      startTime: new Date(new Date(o.startTime).getTime() + DAY).toISOString(),
      endTime: new Date(new Date(o.endTime).getTime() + DAY).toISOString(),
    });
    expect(res.json().error).toBe('series_date_this_only');
  });
});

describe('cancelling sessions of a series', () => {
  it('cancelling one tells its booker, and it is not made again by the horizon job or a change of the series', async () => {
    const maya = await buildFacilitator(t.db, { name: 'Maya' });
    const series = await createSeries(maya.token, seriesBody(monday(1), weekly(4)));
    const doomed = series.occurrences[1]!;
    const member = await buildUser(t.db);
    await book(member.token, doomed._id);
    // the session's own delete, as for any session
    expect((await call(t.app, 'GET', `/api/app/delete-session/${doomed._id}`, undefined, maya.token)).statusCode).toBe(
      200,
    );
    expect((await notices(member.token)).some((m) => /cancel/i.test(m))).toBe(true);
    await extendSeriesHorizons(t.app.ctx, new Date(Date.now() + 30 * DAY));
    const first = series.occurrences[0]!;
    expect((await editSeries(maya.token, series._id, first, { scope: 'all', name: 'Renamed' })).statusCode).toBe(200);
    const after = await getSeries(maya.token, series._id);
    expect(after.occurrences).toHaveLength(3);
    expect(after.occurrences.map((o) => o.startTime)).not.toContain(doomed.startTime);
    expect(after.cancelledDates).toEqual([doomed.startTime.slice(0, 10)]);
  });

  it("'this and following' and 'all' cancel the upcoming sessions, each booker told", async () => {
    const maya = await buildFacilitator(t.db);
    const series = await createSeries(maya.token, seriesBody(monday(1), weekly(5)));
    const member = await buildUser(t.db);
    await book(member.token, series.occurrences[3]!._id);
    const following = await call(
      t.app,
      'POST',
      `/api/app/facilitator/session-series/${series._id}/delete`,
      { scope: 'following', sessionId: series.occurrences[2]!._id },
      maya.token,
    );
    expect(following.json()).toEqual({ deleted: 3 });
    expect((await notices(member.token)).some((m) => /cancel/i.test(m))).toBe(true);
    const left = await getSeries(maya.token, series._id);
    expect(left.occurrences).toHaveLength(2);
    expect(left.cancelledDates).toEqual([]);
    const all = await call(
      t.app,
      'POST',
      `/api/app/facilitator/session-series/${series._id}/delete`,
      { scope: 'all', sessionId: series.occurrences[0]!._id },
      maya.token,
    );
    expect(all.json()).toEqual({ deleted: 2 });
    expect(await t.db.select().from(sessions).where(eq(sessions.facilitatorId, maya.user.id))).toEqual([]);
  });
});
