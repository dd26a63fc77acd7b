import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { offerSession } from './test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const inDays = (days: number) => {
  const at = new Date(Date.now() + days * DAY);
  at.setUTCMinutes(0, 0, 0);
  return at;
};
const namesIn = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(200);
  return (res.json() as { name: string }[]).map((s) => s.name);
};

describe(`a calendar call without a window (${process.env.TEST_DB ?? 'pglite'})`, () => {
  let maya: Awaited<ReturnType<typeof buildFacilitator>>;
  beforeAll(async () => {
    maya = await buildFacilitator(t.db);
    for (const [name, days] of [
      ['yesterday', -1],
      ['tomorrow', 1],
      ['in three weeks', 21],
      ['in five weeks', 35],
    ] as const)
      await offerSession(t, maya.token, inDays(days), { name });
  });

  it('answers the coming four weeks, from now, on both calendar calls', async () => {
    const own = await call(t.app, 'GET', '/api/app/facilitator/own/sessions', undefined, maya.token);
    expect(namesIn(own)).toEqual(['tomorrow', 'in three weeks']);
    const member = await buildUser(t.db);
    const theirs = await call(t.app, 'GET', `/api/app/facilitator/${maya.user.id}/sessions`, undefined, member.token);
    expect(namesIn(theirs)).toEqual(['tomorrow', 'in three weeks']);
  });

  it('with `from` alone, answers four weeks from it; with `to` alone, from now to it', async () => {
    const from = inDays(14).toISOString();
    const fromOnly = await call(t.app, 'GET', `/api/app/facilitator/own/sessions?from=${from}`, undefined, maya.token);
    expect(namesIn(fromOnly)).toEqual(['in three weeks', 'in five weeks']);
    const to = inDays(7).toISOString();
    const toOnly = await call(t.app, 'GET', `/api/app/facilitator/own/sessions?to=${to}`, undefined, maya.token);
    expect(namesIn(toOnly)).toEqual(['tomorrow']);
  });

  it('keeps the bound: a `to` more than 42 days from now, or in the past, is refused', async () => {
    const far = await call(
      t.app,
      'GET',
      `/api/app/facilitator/own/sessions?to=${inDays(60).toISOString()}`,
      undefined,
      maya.token,
    );
    expect(far.statusCode).toBe(400);
    const past = await call(
      t.app,
      'GET',
      `/api/app/facilitator/own/sessions?to=${inDays(-2).toISOString()}`,
      undefined,
      maya.token,
    );
    expect(past.statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/app/facilitator/own/sessions')).statusCode).toBe(401);
  });
});
