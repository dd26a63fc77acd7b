import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContent, buildFacilitator, buildGroup, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const newTier = { name: 'Daily Breath', type: 'subscription', price: 12, published: true };

describe("a tier's own points (features)", () => {
  it('are created, read back and replaced by the owner; absent keeps them', async () => {
    const { token } = await buildFacilitator(t.db);
    const created = await call(
      t.app,
      'POST',
      '/api/app/tier/new',
      { ...newTier, features: ['  A welcome call  ', 'Worksheets'] },
      token,
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().features).toEqual(['A welcome call', 'Worksheets']);
    const id = created.json()._id;
    expect((await call(t.app, 'POST', `/api/app/tier/${id}`, { name: 'Renamed' }, token)).json().features).toEqual([
      'A welcome call',
      'Worksheets',
    ]);
    const replaced = await call(t.app, 'POST', `/api/app/tier/${id}`, { features: ['Only this'] }, token);
    expect(replaced.json().features).toEqual(['Only this']);
    expect((await call(t.app, 'POST', '/api/app/tier/new', newTier, token)).json().features).toEqual([]);
  });

  it('refuses more than 8 points, an empty one and one over 80 characters (400), and other roles', async () => {
    const maya = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, maya.user.id, { features: ['Kept'] });
    for (const features of [Array.from({ length: 9 }, (_, i) => `Point ${i}`), [' '], ['x'.repeat(81)]]) {
      const res = await call(t.app, 'POST', `/api/app/tier/${tier.id}`, { features }, maya.token);
      expect(res.statusCode, JSON.stringify(features)).toBe(400);
    }
    const other = await buildFacilitator(t.db);
    const member = await buildUser(t.db);
    expect((await call(t.app, 'POST', `/api/app/tier/${tier.id}`, { features: ['x'] }, other.token)).statusCode).toBe(
      403,
    );
    expect((await call(t.app, 'POST', `/api/app/tier/${tier.id}`, { features: ['x'] }, member.token)).statusCode).toBe(
      403,
    );
    expect((await call(t.app, 'GET', `/api/app/tier/${tier.id}`, undefined, maya.token)).json().features).toEqual([
      'Kept',
    ]);
  });
});

describe('what a plan includes (the profile plans)', () => {
  it('names the group, messaging, the number of content items and session credits, per tier', async () => {
    const maya = await buildFacilitator(t.db);
    const member = await buildUser(t.db);
    const group = await buildGroup(t.db, maya.user.id, { name: 'Morning Circle' });
    const full = await buildTier(t.db, maya.user.id, {
      name: 'Full',
      associatedGroupId: group.id,
      allowDirectMessaging: true,
      sessionCredits: 2,
      features: ['A welcome call'],
    });
    const bare = await buildTier(t.db, maya.user.id, { name: 'Bare' });
    await buildContent(t.db, maya.user.id, [full.id, bare.id]);
    await buildContent(t.db, maya.user.id, [full.id]);
    await buildContent(t.db, maya.user.id, [full.id]);
    const plans = (
      await call(t.app, 'GET', `/api/app/facilitator/${maya.user.id}/tiers`, undefined, member.token)
    ).json();
    const byName = Object.fromEntries(plans.map((p: { name: string }) => [p.name, p]));
    expect(byName.Full).toMatchObject({
      features: ['A welcome call'],
      includes: { groupName: 'Morning Circle', directMessaging: true, contentItems: 3, sessionCredits: 2 },
    });
    expect(byName.Bare).toMatchObject({
      features: [],
      includes: { groupName: null, directMessaging: false, contentItems: 1, sessionCredits: 0 },
    });
    // the owner's own list carries it too
    const own = (await call(t.app, 'GET', '/api/app/facilitator/own/tiers', undefined, maya.token)).json();
    expect(own.find((p: { name: string }) => p.name === 'Full').includes.contentItems).toBe(3);
  });
});
