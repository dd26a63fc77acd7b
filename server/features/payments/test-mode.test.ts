import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { paymentEvents, revenueEntries, subscriptions, users } from '../../db/schema';
import type { PaymentEvent } from '../../platform/payments/provider';
import { buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { handlePaymentEvent } from './events';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function paidTier(price = 12, overrides = {}) {
  const facilitator = await buildFacilitator(t.db, { name: 'Maya' });
  const tier = await buildTier(t.db, facilitator.user.id, { name: 'Deep Practice', price, ...overrides });
  return { facilitator, tier };
}

/** Member goes through the test-mode hosted checkout and pays. */
async function subscribe(memberToken: string, tierId: string) {
  const start = await call(
    t.app,
    'GET',
    `/api/app/subscribe/${tierId}/create-checkout-session`,
    undefined,
    memberToken,
  );
  expect(start.statusCode).toBe(200);
  const sessionId = start.json().url.split('/').pop();
  const page = (await call(t.app, 'GET', `/api/test-mode/checkout/${sessionId}`, undefined, memberToken)).json();
  const paid = await call(t.app, 'POST', `/api/test-mode/checkout/${sessionId}/pay`, {}, memberToken);
  expect(paid.statusCode).toBe(200);
  return { sessionId, page, successUrl: paid.json().url as string };
}

describe('subscribing to a paid tier in test mode', () => {
  it('opens a hosted checkout, and paying makes the subscription active with a revenue entry', async () => {
    const { facilitator, tier } = await paidTier(12);
    const member = await buildUser(t.db, { name: 'Sam' });
    const { page, successUrl } = await subscribe(member.token, tier.id);
    expect(page).toMatchObject({
      status: 'open',
      mode: 'subscription',
      description: 'Deep Practice',
      facilitator: 'Maya',
      amount: 1200,
      interval: 'month',
    });
    expect(successUrl).toMatch(new RegExp(`/subscription/${tier.id}/success\\?session_id=cs_test_`));

    const list = (await call(t.app, 'GET', '/api/app/subscriptions', undefined, member.token)).json();
    expect(list).toEqual([
      expect.objectContaining({
        tier: expect.objectContaining({ _id: tier.id, name: 'Deep Practice' }),
        price: 12,
        isPaid: true,
        isActive: true,
        cancelled: false,
        renewsAt: expect.any(String),
        stripeDetails: { status: 'active' },
      }),
    ]);
    // the result page reads it by tier id
    expect((await call(t.app, 'GET', `/api/app/subscriptions/${tier.id}`, undefined, member.token)).json()._id).toBe(
      list[0]._id,
    );

    const revenue = await t.db
      .select()
      .from(revenueEntries)
      .where(eq(revenueEntries.facilitatorId, facilitator.user.id));
    expect(revenue.map((r) => r.amountCents)).toEqual([1200]);
    const notes = (await call(t.app, 'GET', '/api/app/notifications', undefined, facilitator.token)).json();
    expect(notes[0].message).toBe('Sam subscribed to Deep Practice.');
  });

  it('refuses a second checkout while the plan is active, free tiers, and visitors', async () => {
    const { tier } = await paidTier();
    const member = await buildUser(t.db);
    await subscribe(member.token, tier.id);
    expect(
      (await call(t.app, 'GET', `/api/app/subscribe/${tier.id}/create-checkout-session`, undefined, member.token))
        .statusCode,
    ).toBe(400);
    const free = await paidTier(0);
    expect(
      (await call(t.app, 'GET', `/api/app/subscribe/${free.tier.id}/create-checkout-session`, undefined, member.token))
        .statusCode,
    ).toBe(400);
    expect((await call(t.app, 'GET', `/api/app/subscribe/${tier.id}/create-checkout-session`)).statusCode).toBe(401);
  });

  it("never shows or completes someone else's checkout", async () => {
    const { tier } = await paidTier();
    const member = await buildUser(t.db);
    const start = await call(
      t.app,
      'GET',
      `/api/app/subscribe/${tier.id}/create-checkout-session`,
      undefined,
      member.token,
    );
    const sessionId = start.json().url.split('/').pop();
    const stranger = await buildUser(t.db);
    expect(
      (await call(t.app, 'GET', `/api/test-mode/checkout/${sessionId}`, undefined, stranger.token)).statusCode,
    ).toBe(404);
    expect((await call(t.app, 'POST', `/api/test-mode/checkout/${sessionId}/pay`, {}, stranger.token)).statusCode).toBe(
      404,
    );
  });
});

describe('the billing page', () => {
  it('cancelling moves the subscription to Inactive and tells the facilitator; resuming brings it back', async () => {
    const { facilitator, tier } = await paidTier();
    const member = await buildUser(t.db, { name: 'Priya' });
    await subscribe(member.token, tier.id);
    const [sub] = (await call(t.app, 'GET', '/api/test-mode/billing', undefined, member.token)).json();
    expect(
      (await call(t.app, 'POST', '/api/test-mode/billing/cancel', { sub: sub._id }, member.token)).statusCode,
    ).toBe(200);
    const after = (await call(t.app, 'GET', `/api/app/subscriptions/${sub._id}`, undefined, member.token)).json();
    expect(after).toMatchObject({
      isActive: false,
      cancelled: true,
      cancelAtPeriodEnd: true,
      endDate: expect.any(String),
    });
    const notes = (await call(t.app, 'GET', '/api/app/notifications', undefined, facilitator.token)).json();
    expect(notes[0].message).toBe('Priya cancelled Deep Practice.');

    await call(t.app, 'POST', '/api/test-mode/billing/resume', { sub: sub._id }, member.token);
    expect(
      (await call(t.app, 'GET', `/api/app/subscriptions/${sub._id}`, undefined, member.token)).json(),
    ).toMatchObject({ isActive: true, cancelled: false, endDate: null });
  });

  it('every renewal becomes a revenue entry', async () => {
    const { facilitator, tier } = await paidTier(9);
    const member = await buildUser(t.db);
    await subscribe(member.token, tier.id);
    const [sub] = (await call(t.app, 'GET', '/api/test-mode/billing', undefined, member.token)).json();
    await call(t.app, 'POST', '/api/test-mode/billing/renew', { sub: sub._id }, member.token);
    const revenue = await t.db
      .select()
      .from(revenueEntries)
      .where(eq(revenueEntries.facilitatorId, facilitator.user.id));
    expect(revenue.map((r) => r.amountCents)).toEqual([900, 900]);
  });
});

describe('events are idempotent', () => {
  it('a replayed event changes nothing', async () => {
    const { facilitator, tier } = await paidTier(5);
    const member = await buildUser(t.db);
    await subscribe(member.token, tier.id);
    const [sub] = (await call(t.app, 'GET', '/api/test-mode/billing', undefined, member.token)).json();
    const [local] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub._id));
    const invoice: PaymentEvent = {
      id: 'evt_replay_1',
      type: 'invoice.paid',
      invoice: {
        id: 'in_replay_1',
        subscriptionId: local!.providerSubscriptionId,
        amountPaidCents: 500,
        paymentId: 'pi_replay_1',
        created: 1_790_000_000,
      },
    };
    expect(await handlePaymentEvent(t.app.ctx, invoice)).toBe('applied');
    expect(await handlePaymentEvent(t.app.ctx, invoice)).toBe('duplicate');
    // the same invoice under a new event id is still one entry
    expect(await handlePaymentEvent(t.app.ctx, { ...invoice, id: 'evt_replay_2' })).toBe('applied');
    const revenue = await t.db
      .select()
      .from(revenueEntries)
      .where(eq(revenueEntries.facilitatorId, facilitator.user.id));
    expect(revenue.map((r) => r.amountCents).sort()).toEqual([500, 500]);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_replay_1'))).toHaveLength(1);
  });
});

describe('courses', () => {
  it('a one-off course is paid once and appears under courses', async () => {
    const { tier } = await paidTier(30, { type: 'single', releaseAllContent: true, name: 'Breath Foundations' });
    const member = await buildUser(t.db);
    const { page } = await subscribe(member.token, tier.id);
    expect(page).toMatchObject({ mode: 'payment', interval: null, amount: 3000 });
    const courses = (await call(t.app, 'GET', '/api/app/full-courses', undefined, member.token)).json();
    expect(courses.map((c: { name: string }) => c.name)).toEqual(['Breath Foundations']);
    // paid once: nothing to cancel or renew on the billing page
    expect((await call(t.app, 'GET', '/api/test-mode/billing', undefined, member.token)).json()).toEqual([]);
  });
});

describe('the earnings dashboard', () => {
  it('sums revenue per tier per month for the year and shows the Status of Tiers', async () => {
    const { facilitator, tier } = await paidTier(12);
    for (const name of ['A', 'B']) await subscribe((await buildUser(t.db, { name })).token, tier.id);
    const revenue = (await call(t.app, 'GET', '/api/app/facilitator/revenue', undefined, facilitator.token)).json();
    expect(revenue.period).toBe('year');
    expect(revenue.buckets).toEqual([
      { date: expect.stringMatching(/^\d{4}-\d{2}-01$/), tierId: tier.id, tier: 'Deep Practice', amount: 2400 },
    ]);
    const week = (
      await call(t.app, 'GET', '/api/app/facilitator/revenue?period=week', undefined, facilitator.token)
    ).json();
    expect(week.buckets[0].date).toBe(new Date().toISOString().slice(0, 10));

    const dash = (await call(t.app, 'GET', '/api/app/facilitator/dashboard', undefined, facilitator.token)).json();
    expect(dash.tiers).toEqual([
      { _id: tier.id, name: 'Deep Practice', type: 'subscription', activeSubscribers: 2, hitCount: 0, earned: 24 },
    ]);
    expect(dash.payouts).toEqual({
      status: 'not_linked',
      chargesEnabled: false,
      payoutsEnabled: false,
      requirementsDue: [],
    });
  });

  it('is for facilitators only', async () => {
    const member = await buildUser(t.db);
    expect((await call(t.app, 'GET', '/api/app/facilitator/revenue', undefined, member.token)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/app/facilitator/dashboard', undefined, member.token)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/app/facilitator/dashboard')).statusCode).toBe(401);
    const { token } = await buildFacilitator(t.db);
    expect((await call(t.app, 'GET', '/api/app/facilitator/revenue?period=decade', undefined, token)).statusCode).toBe(
      400,
    );
  });
});

describe('a program with paying subscribers', () => {
  it('cannot be deleted', async () => {
    const { facilitator, tier } = await paidTier();
    await subscribe((await buildUser(t.db)).token, tier.id);
    expect((await call(t.app, 'DELETE', `/api/app/tier/${tier.id}`, undefined, facilitator.token)).statusCode).toBe(
      409,
    );
  });
});

describe('linking a bank account (test mode)', () => {
  it('goes incomplete -> linked through the bank-link page', async () => {
    const { facilitator } = await paidTier();
    const link = await call(t.app, 'GET', '/api/app/link-facilitator-bank-account', undefined, facilitator.token);
    expect(link.json().url).toMatch(/^\/test-mode\/connect/);
    expect(
      (await call(t.app, 'GET', '/api/app/facilitator/dashboard', undefined, facilitator.token)).json().payouts.status,
    ).toBe('incomplete');
    expect((await call(t.app, 'POST', '/api/test-mode/connect/complete', {}, facilitator.token)).statusCode).toBe(200);
    expect(
      (await call(t.app, 'GET', '/api/app/facilitator/dashboard', undefined, facilitator.token)).json().payouts.status,
    ).toBe('linked');
    expect((await call(t.app, 'GET', '/api/app/stripe-login-link', undefined, facilitator.token)).statusCode).toBe(200);
    const member = await buildUser(t.db);
    expect(
      (await call(t.app, 'GET', '/api/app/link-facilitator-bank-account', undefined, member.token)).statusCode,
    ).toBe(403);
  });
});

describe("the billing portal ('Add payment details')", () => {
  it('creates a payment customer for a member who never paid, then opens the portal', async () => {
    const member = await buildUser(t.db);
    const res = await call(t.app, 'GET', '/api/app/stripe-billing-portal?rd=settings', undefined, member.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toContain('/test-mode/billing?return=');
    const profile = (await call(t.app, 'GET', '/api/app/profile', undefined, member.token)).json();
    expect(profile.hasPaymentDetails).toBe(true);
    expect((await call(t.app, 'GET', '/api/app/stripe-billing-portal?rd=settings')).statusCode).toBe(401);
  });
});

describe('one payment per checkout', () => {
  it('ten simultaneous presses of Pay complete the checkout once; the others answer 409', async () => {
    const { facilitator, tier } = await paidTier(8);
    const member = await buildUser(t.db);
    const start = await call(
      t.app,
      'GET',
      `/api/app/subscribe/${tier.id}/create-checkout-session`,
      undefined,
      member.token,
    );
    const sessionId = start.json().url.split('/').pop();
    const presses = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(t.app, 'POST', `/api/test-mode/checkout/${sessionId}/pay`, {}, member.token),
      ),
    );
    expect(presses.map((p) => p.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(presses.find((p) => p.statusCode === 409)!.json()).toMatchObject({
      error: 'checkout_closed',
      message: 'This checkout is no longer open.',
    });
    expect(
      (await t.db.select().from(revenueEntries).where(eq(revenueEntries.facilitatorId, facilitator.user.id))).map(
        (r) => r.amountCents,
      ),
    ).toEqual([800]);
  });

  it('a second start of the same checkout hands the open one out again', async () => {
    const { tier } = await paidTier(8);
    const member = await buildUser(t.db);
    const first = (
      await call(t.app, 'GET', `/api/app/subscribe/${tier.id}/create-checkout-session`, undefined, member.token)
    ).json().url;
    const second = (
      await call(t.app, 'GET', `/api/app/subscribe/${tier.id}/create-checkout-session`, undefined, member.token)
    ).json().url;
    expect(second).toBe(first);
  });
});

describe('billing intervals and trials', () => {
  it('a yearly tier checks out as yearly and renews a year on', async () => {
    const { tier } = await paidTier(120, { billingInterval: 'year' });
    const member = await buildUser(t.db);
    const { page } = await subscribe(member.token, tier.id);
    expect(page).toMatchObject({ interval: 'year', amount: 12000, kind: 'subscription' });
    const [sub] = (await call(t.app, 'GET', '/api/app/subscriptions', undefined, member.token)).json();
    const days = (new Date(sub.renewsAt).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(365);
  });

  it('a free trial starts without a charge; the first renewal is paid', async () => {
    const { facilitator, tier } = await paidTier(10, { trialDays: 7 });
    const member = await buildUser(t.db);
    await subscribe(member.token, tier.id);
    const [sub] = (await call(t.app, 'GET', '/api/app/subscriptions', undefined, member.token)).json();
    expect(sub).toMatchObject({ isActive: true, stripeDetails: { status: 'trialing' } });
    const revenue = () =>
      t.db.select().from(revenueEntries).where(eq(revenueEntries.facilitatorId, facilitator.user.id));
    expect(await revenue()).toEqual([]);
    await call(t.app, 'POST', '/api/test-mode/billing/renew', { sub: sub._id }, member.token);
    expect((await revenue()).map((r) => r.amountCents)).toEqual([1000]);
    expect(
      (await call(t.app, 'GET', '/api/app/subscriptions', undefined, member.token)).json()[0].stripeDetails.status,
    ).toBe('active');
  });
});

describe('the lifecycle in test mode', () => {
  it('a declined renewal keeps access (past due) and tells the member; a later payment makes it active again', async () => {
    const { tier } = await paidTier(9);
    const member = await buildUser(t.db);
    await subscribe(member.token, tier.id);
    const [sub] = (await call(t.app, 'GET', '/api/test-mode/billing', undefined, member.token)).json();
    expect((await call(t.app, 'POST', '/api/test-mode/billing/fail', { sub: sub._id }, member.token)).statusCode).toBe(
      200,
    );
    const mine = async () =>
      (await call(t.app, 'GET', `/api/app/subscriptions/${sub._id}`, undefined, member.token)).json();
    expect(await mine()).toMatchObject({ isActive: true, stripeDetails: { status: 'past_due' } });
    const notes = (await call(t.app, 'GET', '/api/app/notifications', undefined, member.token)).json();
    expect(notes[0].message).toContain('card was declined');
    await call(t.app, 'POST', '/api/test-mode/billing/renew', { sub: sub._id }, member.token);
    expect(await mine()).toMatchObject({ isActive: true, stripeDetails: { status: 'active' } });
  });

  it("a refund through the provider reverses the revenue and ends a course's access", async () => {
    const { facilitator, tier } = await paidTier(30, { type: 'single', name: 'Breath Foundations' });
    const member = await buildUser(t.db);
    const { sessionId } = await subscribe(member.token, tier.id);
    await t.app.ctx.payments.refundPayment(sessionId, { amountCents: 1000 });
    await t.app.ctx.payments.refundPayment(sessionId);
    const entries = await t.db
      .select()
      .from(revenueEntries)
      .where(eq(revenueEntries.facilitatorId, facilitator.user.id));
    expect(entries.map((e) => [e.kind, e.amountCents]).sort()).toEqual([
      ['payment', 3000],
      ['refund', -1000],
      ['refund', -2000],
    ]);
    await expect(t.app.ctx.payments.refundPayment(sessionId, { amountCents: 1 })).rejects.toThrow('more than is left');
    const [course] = (await call(t.app, 'GET', '/api/app/subscriptions', undefined, member.token)).json();
    expect(course.isActive).toBe(false);
  });

  it("pays the facilitator's share out to a linked account, less Tend's fee", async () => {
    const fee = await startTestApp({ platformFeePercent: 10 });
    try {
      const facilitator = await buildFacilitator(fee.db);
      const tier = await buildTier(fee.db, facilitator.user.id, { price: 20 });
      await call(fee.app, 'GET', '/api/app/link-facilitator-bank-account', undefined, facilitator.token);
      await call(fee.app, 'POST', '/api/test-mode/connect/complete', {}, facilitator.token);
      const member = await buildUser(fee.db);
      const start = await call(
        fee.app,
        'GET',
        `/api/app/subscribe/${tier.id}/create-checkout-session`,
        undefined,
        member.token,
      );
      await call(fee.app, 'POST', `/api/test-mode/checkout/${start.json().url.split('/').pop()}/pay`, {}, member.token);
      const account = (await call(fee.app, 'GET', '/api/app/payouts/account', undefined, facilitator.token)).json();
      expect(account).toEqual({ status: 'linked', chargesEnabled: true, payoutsEnabled: true, requirementsDue: [] });
      const [row] = await fee.db.select().from(users).where(eq(users.id, facilitator.user.id));
      expect(await fee.app.ctx.payments.listPayouts(row!.stripeAccountId!, 10)).toEqual([
        {
          id: expect.stringMatching(/^po_test_/),
          amountCents: 1800,
          arrivalDate: expect.any(Number),
          status: 'in_transit',
        },
      ]);
    } finally {
      await fee.close();
    }
  });
});

describe('payments not set up (production without a Stripe key)', () => {
  it('refuses paid checkout with a clear message; free tiers still work', async () => {
    const off = await startTestApp({ paymentsMode: 'off' });
    try {
      const facilitator = await buildFacilitator(off.db);
      const paid = await buildTier(off.db, facilitator.user.id, { price: 12 });
      const free = await buildTier(off.db, facilitator.user.id, { price: 0 });
      const member = await buildUser(off.db);
      const res = await call(
        off.app,
        'GET',
        `/api/app/subscribe/${paid.id}/create-checkout-session`,
        undefined,
        member.token,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'payments_not_set_up', message: 'Payments are not set up yet' });
      expect((await call(off.app, 'GET', `/api/app/subscribe/${free.id}`, undefined, member.token)).statusCode).toBe(
        200,
      );
      expect((await call(off.app, 'GET', '/api/payments/mode')).json()).toEqual({ mode: 'off' });
      // no test-mode pages to pay on either
      expect((await call(off.app, 'GET', '/api/test-mode/billing', undefined, member.token)).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('the mode follows the environment: production needs a key or PAYMENTS_MODE=test', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).paymentsMode).toBe('off');
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_MODE: 'test' }).paymentsMode).toBe('test');
    expect(loadConfig({ NODE_ENV: 'development' }).paymentsMode).toBe('test');
    expect(
      loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })
        .paymentsMode,
    ).toBe('stripe');
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', PAYMENTS_MODE: 'test' }),
    ).toThrow('PAYMENTS_MODE');
  });
});
