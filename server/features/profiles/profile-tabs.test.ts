import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = (url: string, token?: string) => call(t.app, 'GET', `/api${url}`, undefined, token);
const namesOf = (list: { name: string }[]) => list.map((g) => g.name).sort();

describe('profile tabs', () => {
  it("Feed: someone's inspiration posts, newest first, never their group posts", async () => {
    const maya = await buildFacilitator(t.db);
    const group = (await call(t.app, 'POST', '/api/app/group/new', { name: 'Circle' }, maya.token)).json();
    await call(t.app, 'POST', '/api/app/post', { text: 'first' }, maya.token);
    await call(t.app, 'POST', '/api/app/post', { text: 'in the group', group: group._id }, maya.token);
    await call(t.app, 'POST', '/api/app/post', { text: 'second' }, maya.token);
    const viewer = await buildUser(t.db);
    const theirs = (await get(`/app/facilitator/${maya.user.id}/posts`, viewer.token)).json();
    expect(theirs.posts.map((p: { text: string }) => p.text)).toEqual(['second', 'first']);
    expect((await get('/app/facilitator/own/posts', maya.token)).json().posts).toHaveLength(2);
    expect((await get('/app/facilitator/00000000-0000-4000-8000-000000000000/posts', viewer.token)).statusCode).toBe(
      404,
    );
  });

  it('Groups: hidden groups only for the owner and admins; in-groups lists what I joined', async () => {
    const maya = await buildFacilitator(t.db);
    await call(t.app, 'POST', '/api/app/group/new', { name: 'Open Circle' }, maya.token);
    await call(t.app, 'POST', '/api/app/group/new', { name: 'Hidden Cohort', isHidden: true }, maya.token);
    const viewer = await buildUser(t.db);
    expect(namesOf((await get(`/app/facilitator/${maya.user.id}/groups`, viewer.token)).json())).toEqual([
      'Open Circle',
    ]);
    expect(namesOf((await get('/app/facilitator/own/groups', maya.token)).json())).toEqual([
      'Hidden Cohort',
      'Open Circle',
    ]);
    const admin = await buildAdmin(t.db);
    expect(namesOf((await get(`/app/facilitator/${maya.user.id}/groups`, admin.token)).json())).toEqual([
      'Hidden Cohort',
      'Open Circle',
    ]);

    const open = (await get(`/app/facilitator/${maya.user.id}/groups`, viewer.token)).json()[0];
    await call(t.app, 'POST', `/api/app/join-group/${open._id}`, { text: '' }, viewer.token);
    expect(namesOf((await get('/app/facilitator/own/in-groups', viewer.token)).json())).toEqual(['Open Circle']);
    expect((await get('/app/facilitator/own/in-groups', maya.token)).json()).toEqual([]);
  });

  it('own profile and tiers: every tier of mine, nothing private in the profile', async () => {
    const maya = await buildFacilitator(t.db, { name: 'Maya' });
    await buildTier(t.db, maya.user.id, { name: 'Draft', published: false });
    const me = (await get('/app/facilitator/own', maya.token)).json();
    expect(me).toMatchObject({ _id: maya.user.id, name: 'Maya', isFacilitator: true });
    const body = JSON.stringify(me);
    for (const secret of ['email', 'passwordHash', 'password_hash', 'stripe', 'token'])
      expect(body).not.toContain(secret);
    expect((await get('/app/facilitator/own/tiers', maya.token)).json().map((x: { name: string }) => x.name)).toEqual([
      'Draft',
    ]);
    expect((await get('/app/facilitator/own/tiers')).statusCode).toBe(401);
  });

  it("profile plans: a tier's billing interval and free trial travel with its price", async () => {
    const maya = await buildFacilitator(t.db);
    const viewer = await buildUser(t.db);
    await buildTier(t.db, maya.user.id, { price: 120, billingInterval: 'year', trialDays: 7 });
    const [plan] = (await get(`/app/facilitator/${maya.user.id}/tiers`, viewer.token)).json();
    expect(plan).toMatchObject({ price: 120, interval: 'year', trialDays: 7 });
  });
});

describe('the message icon', () => {
  it('shows canMessage only where a direct-messaging subscription links the two', async () => {
    const { buildSubscription } = await import('../../test/factories');
    const maya = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, maya.user.id, { allowDirectMessaging: true });
    const [sam, other] = [await buildUser(t.db), await buildUser(t.db)];
    await buildSubscription(t.db, sam.user.id, tier.id);
    expect((await get(`/app/facilitator/${maya.user.id}`, sam.token)).json().canMessage).toBe(true);
    expect((await get(`/app/facilitator/${maya.user.id}`, other.token)).json().canMessage).toBe(false);
    expect((await get(`/app/facilitator/${sam.user.id}`, maya.token)).json().canMessage).toBe(true);
  });
});
