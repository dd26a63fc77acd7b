import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { checkoutSessions, revenueEntries, subscriptions, testProviderSubscriptions } from '../../db/schema';
import type { FastifyInstance } from 'fastify';
import { buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startSecondInstance, startTestApp, type TestApp } from '../../test/harness';

/**
 * Two server instances on one database (test-mode payments): a member never has two payable
 * checkouts of one thing, and a second payment that gets through anyway is refunded, never a
 * second subscription or a second payment counted.
 */
let t: TestApp;
let second: Awaited<ReturnType<typeof startSecondInstance>>;
beforeAll(async () => {
  t = await startTestApp();
  second = await startSecondInstance(t);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const apps = () => [t.app, second.app];

async function paidTier(type: 'subscription' | 'single' = 'subscription') {
  const facilitator = await buildFacilitator(t.db, { name: 'Maya' });
  const tier = await buildTier(t.db, facilitator.user.id, { name: 'Deep Practice', price: 12, type });
  const member = await buildUser(t.db, { name: 'Sam' });
  return { facilitator, tier, member };
}

const openCheckouts = (userId: string) =>
  t.db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, 'open')));

const revenueOf = (facilitatorId: string) =>
  t.db.select().from(revenueEntries).where(eq(revenueEntries.facilitatorId, facilitatorId));

/** Pays a test-mode checkout through the instance given (the Pay button of its hosted page). */
const pay = (app: FastifyInstance, id: string, token: string) =>
  call(app, 'POST', `/api/test-mode/checkout/${id}/pay`, {}, token);

describe('one open checkout per member and thing, across instances', () => {
  it('10 concurrent checkouts of one tier by one member give one open checkout, the same URL to all', async () => {
    const { tier, member } = await paidTier();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(apps()[i % 2]!, 'GET', `/api/app/subscribe/${tier.id}/create-checkout-session`, undefined, member.token),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const open = await openCheckouts(member.user.id);
    expect(open).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json().url))).toEqual(new Set([open[0]!.url]));
  });

  it('10 concurrent checkouts of one course give one open checkout', async () => {
    const { tier, member } = await paidTier('single');
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(apps()[i % 2]!, 'GET', `/api/app/subscribe/${tier.id}/create-checkout-session`, undefined, member.token),
      ),
    );
    expect(await openCheckouts(member.user.id)).toHaveLength(1);
  });
});

/**
 * Two payable checkouts of one tier: the first is hidden from the one-open-checkout guard (its row
 * names no tier; the payment still names it) so that a second can be opened, as if it had slipped
 * past the guard some other way.
 */
async function twoCheckouts(type: 'subscription' | 'single') {
  const setup = await paidTier(type);
  const open = () =>
    call(t.app, 'GET', `/api/app/subscribe/${setup.tier.id}/create-checkout-session`, undefined, setup.member.token);
  const first = await open();
  await t.db.update(checkoutSessions).set({ tierId: null }).where(eq(checkoutSessions.userId, setup.member.user.id));
  const again = await open();
  const ids = [first, again].map((r) => r.json().url.split('/').pop() as string);
  expect(new Set(ids).size).toBe(2);
  return { ...setup, ids };
}

describe('a second payment that gets through anyway', () => {
  it('paying both of two checkouts of a plan at once: one subscription, one payment counted, one refunded', async () => {
    const { facilitator, tier, member, ids } = await twoCheckouts('subscription');
    const paid = await Promise.all(ids.map((id, i) => pay(apps()[i]!, id, member.token)));
    expect(paid.map((p) => p.statusCode)).toEqual([200, 200]);

    const subs = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ tierId: tier.id, status: 'active', cancelled: false });
    // at the provider: the one kept runs, the other was cancelled at once
    const remote = await t.db.select().from(testProviderSubscriptions);
    const mine = remote.filter((r) => JSON.parse(r.metadata).userId === member.user.id);
    expect(mine.map((r) => r.status).sort()).toEqual(['active', 'canceled']);
    expect(mine.find((r) => r.status === 'active')!.id).toBe(subs[0]!.providerSubscriptionId);

    const revenue = await revenueOf(facilitator.user.id);
    expect(revenue.reduce((sum, r) => sum + r.amountCents, 0)).toBe(1200);
    const refunds = revenue.filter((r) => r.kind === 'refund');
    expect(refunds.map((r) => r.amountCents)).toEqual([-1200]);
    const refunded = revenue.find((r) => r.kind === 'payment' && r.paymentRef === refunds[0]!.paymentRef);
    expect(refunded).toBeDefined();
    const notes = (await call(t.app, 'GET', '/api/app/notifications', undefined, member.token)).json();
    expect(notes.map((n: { message: string }) => n.message)).toContain(
      'You already have Deep Practice, so your second payment has been refunded and the extra subscription cancelled.',
    );
  });

  it('paying both of two checkouts of a course at once: held once, one payment counted, one refunded', async () => {
    const { facilitator, member, ids } = await twoCheckouts('single');
    const paid = await Promise.all(ids.map((id, i) => pay(apps()[i]!, id, member.token)));
    expect(paid.map((p) => p.statusCode)).toEqual([200, 200]);
    const subs = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ status: 'active', cancelled: false });
    const revenue = await revenueOf(facilitator.user.id);
    expect(revenue.reduce((sum, r) => sum + r.amountCents, 0)).toBe(1200);
    expect(revenue.filter((r) => r.kind === 'refund').map((r) => r.amountCents)).toEqual([-1200]);
    // the refunded checkout says so
    const rows = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, member.user.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['complete', 'refunded']);
  });
});
