import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { memberships, subscriptions } from '../../db/schema';
import { buildFacilitator, buildGroup, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const membershipIn = async (groupId: string, userId: string) =>
  (
    await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.groupId, groupId), eq(memberships.userId, userId)))
  )[0];

async function linkedTier(
  overrides: { price?: number; type?: 'subscription' | 'single' } = {},
  cap: number | null = null,
) {
  const owner = await buildFacilitator(t.db, { name: 'Maya' });
  const group = await buildGroup(t.db, owner.user.id, { name: 'Evening Circle', memberCap: cap });
  await t.db.insert(memberships).values({ groupId: group.id, userId: owner.user.id, status: 'approved' });
  const tier = await buildTier(t.db, owner.user.id, { associatedGroupId: group.id, ...overrides });
  return { owner, group, tier };
}

/** Test mode's hosted checkout, paid. */
async function pay(token: string, tierId: string) {
  const start = await call(t.app, 'GET', `/api/app/subscribe/${tierId}/create-checkout-session`, undefined, token);
  expect(start.statusCode).toBe(200);
  const id = start.json().url.split('/').pop();
  expect((await call(t.app, 'POST', `/api/test-mode/checkout/${id}/pay`, {}, token)).statusCode).toBe(200);
}

describe("a tier's associated group", () => {
  it('a free subscription makes the member an approved member; cancelling ends it, restarting brings it back', async () => {
    const { group, tier } = await linkedTier();
    const member = await buildUser(t.db);
    expect((await call(t.app, 'GET', `/api/app/subscribe/${tier.id}`, undefined, member.token)).statusCode).toBe(200);
    expect(await membershipIn(group.id, member.user.id)).toMatchObject({
      status: 'approved',
      grantedByTierId: tier.id,
    });
    const details = (await call(t.app, 'GET', `/api/app/group-details/${group.id}`, undefined, member.token)).json();
    expect(details.memberCount).toBe(2);

    const sub = (await call(t.app, 'GET', `/api/app/subscriptions/${tier.id}`, undefined, member.token)).json();
    expect(
      (await call(t.app, 'POST', '/api/app/subscription-action/cancel', { sub: sub._id }, member.token)).statusCode,
    ).toBe(200);
    expect(await membershipIn(group.id, member.user.id)).toBeUndefined();

    expect(
      (await call(t.app, 'POST', '/api/app/subscription-action/restart', { sub: sub._id }, member.token)).statusCode,
    ).toBe(200);
    expect(await membershipIn(group.id, member.user.id)).toMatchObject({ status: 'approved' });
  });

  it('a paid subscription grants it above the member cap; a period-end cancellation keeps it until the end; cancelling now ends it', async () => {
    const { owner, group, tier } = await linkedTier({ price: 12 }, 1);
    const member = await buildUser(t.db);
    await pay(member.token, tier.id);
    expect(await membershipIn(group.id, member.user.id)).toMatchObject({
      status: 'approved',
      grantedByTierId: tier.id,
    });
    const told = (await call(t.app, 'GET', '/api/app/notifications', undefined, owner.token))
      .json()
      .map((n: { message: string }) => n.message);
    expect(told).toContain(
      'Evening Circle now has 2 members, above its cap of 1: members of its linked plan always get in.',
    );

    const [billing] = (await call(t.app, 'GET', '/api/test-mode/billing', undefined, member.token)).json();
    expect(
      (await call(t.app, 'POST', '/api/test-mode/billing/cancel', { sub: billing._id }, member.token)).statusCode,
    ).toBe(200);
    // access (and the group) continue until the paid period ends
    expect(await membershipIn(group.id, member.user.id)).toMatchObject({ status: 'approved' });

    const [local] = await t.db.select().from(subscriptions).where(eq(subscriptions.tierId, tier.id));
    await t.app.ctx.payments.cancelSubscription(local!.providerSubscriptionId!, { now: true });
    expect(await membershipIn(group.id, member.user.id)).toBeUndefined();
  });

  it('buying a course grants it; a member who joined on their own keeps the group when the subscription ends', async () => {
    const course = await linkedTier({ price: 30, type: 'single' });
    const buyer = await buildUser(t.db);
    await pay(buyer.token, course.tier.id);
    expect(await membershipIn(course.group.id, buyer.user.id)).toMatchObject({
      status: 'approved',
      grantedByTierId: course.tier.id,
    });

    const { group, tier } = await linkedTier();
    const member = await buildUser(t.db);
    expect(
      (await call(t.app, 'POST', `/api/app/join-group/${group.id}`, { text: '' }, member.token)).json().status,
    ).toBe('approved');
    await call(t.app, 'GET', `/api/app/subscribe/${tier.id}`, undefined, member.token);
    expect(await membershipIn(group.id, member.user.id)).toMatchObject({ status: 'approved', grantedByTierId: null });
    const sub = (await call(t.app, 'GET', `/api/app/subscriptions/${tier.id}`, undefined, member.token)).json();
    await call(t.app, 'POST', '/api/app/subscription-action/cancel', { sub: sub._id }, member.token);
    expect(await membershipIn(group.id, member.user.id)).toMatchObject({ status: 'approved' });
  });

  it('a member who left the group is not put back by a renewal', async () => {
    const { group, tier } = await linkedTier({ price: 9 });
    const member = await buildUser(t.db);
    await pay(member.token, tier.id);
    expect((await call(t.app, 'DELETE', `/api/app/leave-group/${group.id}`, undefined, member.token)).statusCode).toBe(
      200,
    );
    const [billing] = (await call(t.app, 'GET', '/api/test-mode/billing', undefined, member.token)).json();
    expect(
      (await call(t.app, 'POST', '/api/test-mode/billing/renew', { sub: billing._id }, member.token)).statusCode,
    ).toBe(200);
    expect(await membershipIn(group.id, member.user.id)).toBeUndefined();
  });
});

describe('subscribing to a free plan at the same time', () => {
  it('20 simultaneous subscribes make one subscription and tell the facilitator once', async () => {
    const owner = await buildFacilitator(t.db, { name: 'Maya' });
    const tier = await buildTier(t.db, owner.user.id, { name: 'Open Circle' });
    const member = await buildUser(t.db, { name: 'Sam' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(t.app, 'GET', `/api/app/subscribe/${tier.id}`, undefined, member.token)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const rows = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
    expect(rows).toHaveLength(1);
    const notices = (await call(t.app, 'GET', '/api/app/notifications', undefined, owner.token)).json();
    expect(notices.filter((n: { message: string }) => n.message === 'Sam subscribed to Open Circle.')).toHaveLength(1);
  });
});
