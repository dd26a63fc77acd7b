import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFacilitator } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { offerSession } from '../sessions/test/helpers';
import { putInSeries } from '../sessions/test/credit-helpers';
import { hoursAhead } from '../sessions/test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const newTier = { name: 'Live practice', type: 'subscription', price: 30 };

describe("a tier's session credits", () => {
  it('are optional: a tier made without them includes none', async () => {
    const { token } = await buildFacilitator(t.db);
    const res = await call(t.app, 'POST', '/api/app/tier/new', newTier, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sessionCredits: 0, creditsRollOver: false, creditSeriesIds: [] });
  });

  it('are set on creation and changed later, limited to the facilitator’s own series', async () => {
    const maya = await buildFacilitator(t.db);
    const session = await offerSession(t, maya.token, hoursAhead(100));
    const series = await putInSeries(t, maya.user.id, session._id);
    const body = { ...newTier, sessionCredits: 2, creditsRollOver: true, creditSeriesIds: [series.id] };
    const created = await call(t.app, 'POST', '/api/app/tier/new', body, maya.token);
    expect(created.json()).toMatchObject({ sessionCredits: 2, creditsRollOver: true, creditSeriesIds: [series.id] });
    const changed = await call(t.app, 'POST', `/api/app/tier/${created.json()._id}`, { sessionCredits: 4 }, maya.token);
    expect(changed.json()).toMatchObject({ sessionCredits: 4, creditsRollOver: true });

    const lee = await buildFacilitator(t.db);
    const notHers = await call(t.app, 'POST', '/api/app/tier/new', body, lee.token);
    expect(notHers.statusCode).toBe(400);
    expect(notHers.json().error).toBe('not_own_series');
    const tooMany = await call(t.app, 'POST', '/api/app/tier/new', { ...newTier, sessionCredits: 101 }, maya.token);
    expect(tooMany.statusCode).toBe(400);
  });
});
