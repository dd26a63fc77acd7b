import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorText } from '../../../common/errors';
import { checkoutSessions, revenueEntries, subscriptions, tiers, users } from '../../db/schema';
import { buildAdmin, buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { stripeStandIn } from '../../test/stripe-stand-in';

/**
 * Stripe out of reach (nothing listening) or failing on its side (500): a paid checkout answers
 * 503 `payments_unavailable` with Retry-After, and Tend has written nothing for it.
 */
const stand = stripeStandIn();
let up: TestApp;
let unreachable: TestApp;

/** A port nothing listens on: one the system gave out and that was closed again. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

const stripeConfig = { stripeSecretKey: 'sk_test_tend', stripeWebhookSecret: 'whsec_outage' };
beforeAll(async () => {
  up = await startTestApp({ ...stripeConfig, stripeApi: await stand.listen() });
  unreachable = await startTestApp({
    ...stripeConfig,
    stripeApi: { host: '127.0.0.1', port: await closedPort(), protocol: 'http' },
  });
});
afterAll(async () => {
  await up?.close();
  await unreachable?.close();
  await stand.close();
});

async function checkoutIn(t: TestApp) {
  const facilitator = await buildFacilitator(t.db);
  const tier = await buildTier(t.db, facilitator.user.id, { price: 12 });
  const member = await buildUser(t.db);
  const res = await call(
    t.app,
    'GET',
    `/api/app/subscribe/${tier.id}/create-checkout-session`,
    undefined,
    member.token,
  );
  return { res, tier, member, facilitator };
}

async function expectNothingWritten(t: TestApp, s: Awaited<ReturnType<typeof checkoutIn>>) {
  expect(await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, s.member.user.id))).toEqual([]);
  const [member] = await t.db.select().from(users).where(eq(users.id, s.member.user.id));
  expect(member!.stripeCustomerId).toBeNull();
  const [tier] = await t.db.select().from(tiers).where(eq(tiers.id, s.tier.id));
  expect(tier!.stripePriceId).toBeNull();
  expect(
    await t.db.select().from(revenueEntries).where(eq(revenueEntries.facilitatorId, s.facilitator.user.id)),
  ).toEqual([]);
}

function expectUnavailable(res: Awaited<ReturnType<typeof checkoutIn>>['res']) {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({
    error: 'payments_unavailable',
    message: errorText('payments_unavailable'),
    retryAfter: 30,
  });
  expect(res.headers['retry-after']).toBe('30');
}

describe('a paid checkout while the payment provider is out', () => {
  it('answers 503 payments_unavailable when Stripe cannot be reached, and writes nothing', async () => {
    const s = await checkoutIn(unreachable);
    expectUnavailable(s.res);
    await expectNothingWritten(unreachable, s);
  });

  it('answers 503 payments_unavailable when Stripe answers 500, and works again once it is back', async () => {
    stand.failWith(500);
    let s: Awaited<ReturnType<typeof checkoutIn>>;
    try {
      s = await checkoutIn(up);
    } finally {
      stand.failWith(null);
    }
    expectUnavailable(s.res);
    await expectNothingWritten(up, s);

    const again = await call(
      up.app,
      'GET',
      `/api/app/subscribe/${s.tier.id}/create-checkout-session`,
      undefined,
      s.member.token,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
  });
});

describe("an admin's cancellation while the payment provider is out", () => {
  it('answers 503 payments_unavailable and leaves the subscription as it was', async () => {
    const facilitator = await buildFacilitator(unreachable.db);
    const tier = await buildTier(unreachable.db, facilitator.user.id, { price: 12 });
    const member = await buildUser(unreachable.db);
    const admin = await buildAdmin(unreachable.db);
    const sub = await buildSubscription(unreachable.db, member.user.id, tier.id, {
      provider: 'stripe',
      providerSubscriptionId: 'sub_outage',
      status: 'active',
    });
    const res = await call(
      unreachable.app,
      'POST',
      `/api/admin/subscription/${sub.id}/cancel`,
      { when: 'now' },
      admin.token,
    );
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe('payments_unavailable');
    const [after] = await unreachable.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(after).toMatchObject({ cancelled: false, status: 'active', endDate: null });
  });
});
