import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContent, buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('a facilitator profile and plans', () => {
  it('shows the public profile without private fields', async () => {
    const { user } = await buildFacilitator(t.db, {
      bio: 'Breath first.',
      stripeCustomerId: 'cus_secret',
      stripeAccountId: 'acct_secret',
    });
    const member = await buildUser(t.db);
    const res = await call(t.app, 'GET', `/api/app/facilitator/${user.id}`, undefined, member.token);
    expect(res.json()).toMatchObject({
      _id: user.id,
      name: user.name,
      bio: 'Breath first.',
      facilitatorCategory: 'Meditation',
    });
    expect(res.body).not.toMatch(/email|password|argon2|cus_secret|acct_secret|token/i);
  });

  it('lists published plans only to others, every plan to the owner, and hides the queue from others', async () => {
    const { user, token } = await buildFacilitator(t.db);
    // distinct creation times: the plans are listed by creation time alone, and two made within one
    // millisecond could come back in either order
    const at = Date.now() - 60_000;
    const live = await buildTier(t.db, user.id, { name: 'Live', price: 12, createdAt: new Date(at) });
    await buildTier(t.db, user.id, { name: 'Draft', published: false, createdAt: new Date(at + 1000) });
    await buildContent(t.db, user.id, [live.id]);
    const member = await buildUser(t.db);
    const seen = (await call(t.app, 'GET', `/api/app/facilitator/${user.id}/tiers`, undefined, member.token)).json();
    expect(seen.map((x: { name: string }) => x.name)).toEqual(['Live']);
    expect(seen[0]).toMatchObject({ price: 12, type: 'subscription', contentQueue: [] });
    const own = (await call(t.app, 'GET', `/api/app/facilitator/${user.id}/tiers`, undefined, token)).json();
    expect(own.map((x: { name: string }) => x.name)).toEqual(['Live', 'Draft']);
  });

  it("shows a member's profile too, 404 for unknown ids, 401 for visitors", async () => {
    const member = await buildUser(t.db);
    expect(
      (await call(t.app, 'GET', `/api/app/facilitator/${member.user.id}`, undefined, member.token)).json(),
    ).toMatchObject({ isFacilitator: false, canMessage: false });
    expect(
      (await call(t.app, 'GET', '/api/app/facilitator/00000000-0000-4000-8000-000000000000', undefined, member.token))
        .statusCode,
    ).toBe(404);
    expect((await call(t.app, 'GET', `/api/app/facilitator/${member.user.id}`)).statusCode).toBe(401);
  });
});
