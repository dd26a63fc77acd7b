import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFacilitator, buildTier } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

/** POST app/tier/{id} with `{}` once answered 500 (an update with nothing to set). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('an edit that changes nothing', () => {
  it('answers the tier as it is, not a 500', async () => {
    const { user, token } = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, user.id, { name: 'Unchanged', price: 9 });
    const res = await call(t.app, 'POST', `/api/app/tier/${tier.id}`, {}, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: tier.id, name: 'Unchanged', price: 9 });
  });
});
