import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkoutSessions, sessionBookings, sessions, users } from '../../db/schema';
import { buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { stripeStandIn } from '../../test/stripe-stand-in';

/**
 * In production with Stripe a facilitator is paid through their connected account: until it can
 * take charges, nothing paid of theirs can be checked out (tier, course, session), and their paid
 * plans say so. Test mode sells anyway (the other payments tests).
 */
let t: TestApp;
let testMode: TestApp;
const stand = stripeStandIn();

beforeAll(async () => {
  t = await startTestApp({
    env: 'production',
    stripeSecretKey: 'sk_test_tend',
    stripeWebhookSecret: 'whsec_platform',
    stripeConnectWebhookSecret: 'whsec_connect',
    stripeApi: await stand.listen(),
    paymentsMode: 'stripe',
    platformFeePercent: 10,
  });
  testMode = await startTestApp();
});
afterAll(async () => {
  await t.close();
  await testMode.close();
  await stand.close();
});

const linked = { stripeAccountId: 'acct_ready', stripeChargesEnabled: true, stripeDetailsSubmitted: true };

async function sessionOf(app: TestApp, facilitatorId: string) {
  const start = new Date(Date.now() + 86400_000);
  const [session] = await app.db
    .insert(sessions)
    .values({
      facilitatorId,
      name: 'Group Breath',
      priceCents: 2500,
      startTime: start,
      endTime: new Date(start.getTime() + 3600_000),
      meetingUrl: 'https://meet.test/y',
    })
    .returning();
  return session!;
}

const tierCheckout = (app: TestApp, tierId: string, token: string) =>
  call(app.app, 'GET', `/api/app/subscribe/${tierId}/create-checkout-session`, undefined, token);
const sessionCheckout = (app: TestApp, sessionId: string, token: string) =>
  call(app.app, 'POST', '/api/app/session/create-checkout-session', { sessionId }, token);

describe('a facilitator whose payouts are not linked, in production with Stripe', () => {
  it('refuses checkout of a subscription, a course and a session with 409, opening and holding nothing', async () => {
    const maya = await buildFacilitator(t.db, { stripeAccountId: 'acct_unfinished', stripeChargesEnabled: false });
    const member = await buildUser(t.db);
    const plan = await buildTier(t.db, maya.user.id, { price: 15 });
    const course = await buildTier(t.db, maya.user.id, { price: 40, type: 'single' });
    const session = await sessionOf(t, maya.user.id);
    const before = stand.calls('/v1/checkout/sessions').length;
    for (const res of [
      await tierCheckout(t, plan.id, member.token),
      await tierCheckout(t, course.id, member.token),
      await sessionCheckout(t, session.id, member.token),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'facilitator_cannot_take_payments',
        message: 'This facilitator cannot take payments yet.',
      });
    }
    expect(stand.calls('/v1/checkout/sessions').length).toBe(before);
    expect(await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, member.user.id))).toEqual([]);
    expect(await t.db.select().from(sessionBookings).where(eq(sessionBookings.sessionId, session.id))).toEqual([]);
  });

  it('lets a member check out once the connected account can take charges', async () => {
    const maya = await buildFacilitator(t.db);
    const member = await buildUser(t.db);
    const plan = await buildTier(t.db, maya.user.id, { price: 15 });
    expect((await tierCheckout(t, plan.id, member.token)).statusCode).toBe(409);
    await t.db.update(users).set(linked).where(eq(users.id, maya.user.id));
    const res = await tierCheckout(t, plan.id, member.token);
    expect(res.statusCode, res.body).toBe(200);
    const sent = stand.calls('/v1/checkout/sessions').at(-1)!.body;
    expect(sent.get('subscription_data[transfer_data][destination]')).toBe('acct_ready');
  });

  it("marks the facilitator's paid plans unpayable on the profile; free plans stay payable", async () => {
    const maya = await buildFacilitator(t.db);
    const member = await buildUser(t.db);
    await buildTier(t.db, maya.user.id, { name: 'Paid', price: 15 });
    await buildTier(t.db, maya.user.id, { name: 'Free', price: 0 });
    const plans = async (token: string, path = maya.user.id) =>
      (await call(t.app, 'GET', `/api/app/facilitator/${path}/tiers`, undefined, token)).json() as {
        name: string;
        payable: boolean;
      }[];
    const payable = (list: { name: string; payable: boolean }[]) =>
      Object.fromEntries(list.map((p) => [p.name, p.payable]));
    expect(payable(await plans(member.token))).toEqual({ Paid: false, Free: true });
    expect(payable(await plans(maya.token, 'own'))).toEqual({ Paid: false, Free: true });
    await t.db.update(users).set(linked).where(eq(users.id, maya.user.id));
    expect(payable(await plans(member.token))).toEqual({ Paid: true, Free: true });
  });
});

describe('in test mode', () => {
  it('a facilitator without linked payouts still sells, and their plans are payable', async () => {
    const maya = await buildFacilitator(testMode.db);
    const member = await buildUser(testMode.db);
    const plan = await buildTier(testMode.db, maya.user.id, { price: 15 });
    expect((await tierCheckout(testMode, plan.id, member.token)).statusCode).toBe(200);
    const session = await sessionOf(testMode, maya.user.id);
    expect((await sessionCheckout(testMode, session.id, member.token)).statusCode).toBe(200);
    const list = (
      await call(testMode.app, 'GET', `/api/app/facilitator/${maya.user.id}/tiers`, undefined, member.token)
    ).json();
    expect(list[0]).toMatchObject({ payable: true });
  });
});
