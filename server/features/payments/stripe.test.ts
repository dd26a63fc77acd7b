import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { checkoutSessions, revenueEntries, sessionBookings, sessions, subscriptions, users } from '../../db/schema';
import { buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { signatureFor, stripeEvent, stripeStandIn } from '../../test/stripe-stand-in';

/**
 * Tend against a local stand-in for Stripe's API that answers in the pinned version's shapes,
 * with webhooks signed by the SDK's own `generateTestHeaderString`.
 */
const PLATFORM_SECRET = 'whsec_platform_secret';
const CONNECT_SECRET = 'whsec_connect_secret';

let t: TestApp;
const stand = stripeStandIn();

beforeAll(async () => {
  t = await startTestApp({
    stripeSecretKey: 'sk_test_tend',
    stripeWebhookSecret: PLATFORM_SECRET,
    stripeConnectWebhookSecret: CONNECT_SECRET,
    stripeApi: await stand.listen(),
    platformFeePercent: 10,
  });
});
afterAll(async () => {
  await t.close();
  await stand.close();
});

let seq = 0;
const uid = (prefix: string) => `${prefix}_${++seq}_${Math.random().toString(36).slice(2, 8)}`;

/** Posts an event to a webhook endpoint the way Stripe does. */
function deliver(event: Record<string, unknown>, opts: { secret?: string; url?: string } = {}) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: opts.url ?? '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signatureFor(payload, opts.secret ?? PLATFORM_SECRET),
    },
    payload,
  });
}
const result = async (event: Record<string, unknown>) => {
  const res = await deliver(event);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as string;
};

async function paidTierAndMember(overrides: Parameters<typeof buildTier>[2] = {}) {
  const facilitator = await buildFacilitator(t.db, { name: 'Maya' });
  const tier = await buildTier(t.db, facilitator.user.id, { name: 'Deep Practice', price: 15, ...overrides });
  const member = await buildUser(t.db, { name: 'Sam' });
  return { facilitator, tier, member, metadata: { userId: member.user.id, tierId: tier.id } };
}

/** Checkout Session objects as the pinned version sends them. */
const subscriptionCheckout = (
  id: string,
  sub: string,
  invoice: string,
  metadata: Record<string, string>,
  amount = 1500,
) => ({
  id,
  object: 'checkout.session',
  mode: 'subscription',
  status: 'complete',
  payment_status: 'paid',
  subscription: sub,
  invoice,
  payment_intent: null,
  customer: 'cus_member',
  amount_total: amount,
  created: Math.floor(Date.now() / 1000),
  metadata,
});
const paymentCheckout = (
  id: string,
  pi: string,
  metadata: Record<string, string>,
  amount: number,
  paymentStatus: 'paid' | 'unpaid' = 'paid',
) => ({
  id,
  object: 'checkout.session',
  mode: 'payment',
  status: 'complete',
  payment_status: paymentStatus,
  subscription: null,
  invoice: null,
  payment_intent: pi,
  customer: 'cus_member',
  amount_total: amount,
  created: Math.floor(Date.now() / 1000),
  metadata,
});
/** An invoice since 2025-03-31: its subscription is under parent.subscription_details. */
const paidInvoice = (id: string, sub: string, amount = 1500) => ({
  id,
  object: 'invoice',
  status: 'paid',
  amount_paid: amount,
  created: Math.floor(Date.now() / 1000),
  parent: {
    type: 'subscription_details',
    quote_details: null,
    subscription_details: { subscription: sub, metadata: {} },
  },
  metadata: {},
});

const revenueOf = (facilitatorId: string) =>
  t.db.select().from(revenueEntries).where(eq(revenueEntries.facilitatorId, facilitatorId));

describe('the Stripe client', () => {
  it('pins the API version its SDK types describe, on every request', async () => {
    const { tier, member } = await paidTierAndMember();
    await call(t.app, 'GET', `/api/app/subscribe/${tier.id}/create-checkout-session`, undefined, member.token);
    const versions = new Set(stand.requests.map((r) => r.headers['stripe-version']));
    expect([...versions]).toEqual([Stripe.API_VERSION]);
  });
});

describe('checkout', () => {
  it('creates a subscription-mode Checkout Session with the price, interval, trial and metadata', async () => {
    const { tier, member } = await paidTierAndMember({ billingInterval: 'year', trialDays: 7, price: 120 });
    const res = await call(
      t.app,
      'GET',
      `/api/app/subscribe/${tier.id}/create-checkout-session`,
      undefined,
      member.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const session = stand.calls('/v1/checkout/sessions').at(-1)!.body;
    expect(session.get('mode')).toBe('subscription');
    expect(session.get('metadata[tierId]')).toBe(tier.id);
    expect(session.get('subscription_data[metadata][userId]')).toBe(member.user.id);
    expect(session.get('subscription_data[trial_period_days]')).toBe('7');
    expect(session.get('subscription_data[description]')).toBe('7 days free, then $120 / year');
    expect(session.get('success_url')).toContain(`/subscription/${tier.id}/success?session_id={CHECKOUT_SESSION_ID}`);
    const price = stand.calls('/v1/prices').at(-1)!.body;
    expect(price.get('unit_amount')).toBe('12000');
    expect(price.get('recurring[interval]')).toBe('year');
  });

  it('hands the open checkout out again instead of opening a second (two tabs)', async () => {
    const { tier, member } = await paidTierAndMember();
    const before = stand.calls('/v1/checkout/sessions').length;
    const first = (
      await call(t.app, 'GET', `/api/app/subscribe/${tier.id}/create-checkout-session`, undefined, member.token)
    ).json().url;
    const second = (
      await call(t.app, 'GET', `/api/app/subscribe/${tier.id}/create-checkout-session`, undefined, member.token)
    ).json().url;
    expect(second).toBe(first);
    expect(stand.calls('/v1/checkout/sessions').length).toBe(before + 1);
  });

  it('10 concurrent first checkouts of a tier create one Product and one Price', async () => {
    const { tier } = await paidTierAndMember({ price: 21 });
    const members = await Promise.all(Array.from({ length: 10 }, () => buildUser(t.db)));
    const before = {
      products: stand.calls('/v1/products').length,
      prices: new Set(stand.calls('/v1/prices').map((r) => r.body.get('product'))),
    };
    const answers = await Promise.all(
      members.map((m) =>
        call(t.app, 'GET', `/api/app/subscribe/${tier.id}/create-checkout-session`, undefined, m.token),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    // every request that reached Stripe carried the same key, so each answer names one price
    const priceIds = new Set(
      stand
        .calls('/v1/checkout/sessions')
        .slice(-10)
        .map((r) => r.body.get('line_items[0][price]')),
    );
    expect(priceIds.size).toBe(1);
    const productKeys = new Set(
      stand
        .calls('/v1/products')
        .slice(before.products)
        .map((r) => r.headers['idempotency-key']),
    );
    expect([...productKeys]).toEqual([`tend-product-tier-${tier.id}`]);
  });

  it('creates connected accounts by controller properties (Stripe collects, Express dashboard, platform pays fees and losses)', async () => {
    const { facilitator } = await paidTierAndMember();
    const res = await call(t.app, 'GET', '/api/app/link-facilitator-bank-account', undefined, facilitator.token);
    expect(res.json().url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\//);
    const account = stand.calls('/v1/accounts').at(-1)!.body;
    expect(
      Object.fromEntries(
        [...account.entries()].filter(([k]) => k.startsWith('controller') || k.startsWith('capabilities')),
      ),
    ).toEqual({
      'controller[fees][payer]': 'application',
      'controller[losses][payments]': 'application',
      'controller[requirement_collection]': 'stripe',
      'controller[stripe_dashboard][type]': 'express',
      'capabilities[transfers][requested]': 'true',
    });
    expect(account.get('type')).toBeNull();
    const link = stand.calls('/v1/account_links').at(-1)!.body;
    expect(link.get('refresh_url')).toBe('http://localhost:3000/settings/payouts/refresh');
    expect(link.get('return_url')).toBe('http://localhost:3000/settings?payouts=return');
    // each visit mints a new single-use link on the same account
    await call(t.app, 'GET', '/api/app/link-facilitator-bank-account', undefined, facilitator.token);
    expect(stand.calls('/v1/account_links').at(-1)!.body.get('account')).toBe(link.get('account'));
  });
});

describe('webhook endpoints', () => {
  it('refuses a forged signature and changes nothing', async () => {
    const { member, metadata } = await paidTierAndMember();
    stand.setSubscription('sub_forged', 'active', metadata);
    const res = await deliver(
      stripeEvent(
        'evt_forged',
        'checkout.session.completed',
        subscriptionCheckout('cs_forged', 'sub_forged', 'in_forged', metadata),
      ),
      { secret: 'whsec_wrong' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_signature', message: 'Invalid webhook signature' });
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id))).toHaveLength(0);
  });

  it('account.updated signed with the Connect secret enables payouts; signed with the platform secret it is refused', async () => {
    const { facilitator } = await paidTierAndMember();
    await call(t.app, 'GET', '/api/app/link-facilitator-bank-account', undefined, facilitator.token);
    const [row] = await t.db.select().from(users).where(eq(users.id, facilitator.user.id));
    const accountId = row!.stripeAccountId!;
    const dash = async () =>
      (await call(t.app, 'GET', '/api/app/facilitator/dashboard', undefined, facilitator.token)).json().payouts;
    expect(await dash()).toMatchObject({ status: 'incomplete', payoutsEnabled: false });

    // Stripe now holds the finished account; the event's payload is not trusted, the account is read back
    stand.setAccount(accountId, {
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      currently_due: [],
    });
    const event = stripeEvent(
      'evt_acct_1',
      'account.updated',
      { id: accountId, object: 'account' },
      { account: accountId },
    );
    const wrongSecret = await deliver(event, { url: '/api/stripe/connect-webhook', secret: PLATFORM_SECRET });
    expect(wrongSecret.statusCode).toBe(400);
    const wrongEndpoint = await deliver(event, { url: '/api/stripe/webhook', secret: PLATFORM_SECRET });
    expect(wrongEndpoint.statusCode).toBe(400);
    expect(wrongEndpoint.json().error).toBe('wrong_endpoint');
    expect(await dash()).toMatchObject({ status: 'incomplete' });

    const res = await deliver(event, { url: '/api/stripe/connect-webhook', secret: CONNECT_SECRET });
    expect(res.json()).toEqual({ received: true, result: 'applied' });
    expect(await dash()).toEqual({ status: 'linked', chargesEnabled: true, payoutsEnabled: true, requirementsDue: [] });
  });

  it('reads the account back on return from onboarding, with what Stripe still needs', async () => {
    const { facilitator } = await paidTierAndMember();
    await call(t.app, 'GET', '/api/app/link-facilitator-bank-account', undefined, facilitator.token);
    const [row] = await t.db.select().from(users).where(eq(users.id, facilitator.user.id));
    stand.setAccount(row!.stripeAccountId!, {
      charges_enabled: true,
      payouts_enabled: false,
      details_submitted: true,
      currently_due: ['external_account'],
    });
    const res = await call(t.app, 'GET', '/api/app/payouts/account', undefined, facilitator.token);
    expect(res.json()).toEqual({
      status: 'linked',
      chargesEnabled: true,
      payoutsEnabled: false,
      requirementsDue: ['external_account'],
    });
    const member = await buildUser(t.db);
    expect((await call(t.app, 'GET', '/api/app/payouts/account', undefined, member.token)).statusCode).toBe(403);
  });

  it('a correctly signed event with a malformed tier id is ignored, not a 500 Stripe would retry for days', async () => {
    const { metadata } = await paidTierAndMember();
    const res = await deliver(
      stripeEvent(
        'evt_bad_tier',
        'checkout.session.completed',
        paymentCheckout('cs_bad', 'pi_bad', { ...metadata, tierId: 'not-a-uuid' }, 1500),
      ),
    );
    expect(res.json()).toEqual({ received: true, result: 'ignored' });
  });
});

describe('subscription revenue, in any order of events', () => {
  async function subscribed() {
    const setup = await paidTierAndMember();
    const sub = uid('sub');
    const invoice = uid('in');
    stand.setSubscription(sub, 'active', setup.metadata);
    stand.setInvoicePayment(invoice, uid('pi'));
    return {
      ...setup,
      sub,
      invoice,
      completed: stripeEvent(
        uid('evt'),
        'checkout.session.completed',
        subscriptionCheckout(uid('cs'), sub, invoice, setup.metadata),
      ),
      paid: stripeEvent(uid('evt'), 'invoice.paid', paidInvoice(invoice, sub)),
    };
  }

  it('invoice.paid after checkout.session.completed records revenue once, with the payment, member and fee', async () => {
    const s = await subscribed();
    expect(await result(s.completed)).toBe('applied');
    expect(await result(s.paid)).toBe('applied');
    expect(await result(s.paid)).toBe('duplicate');
    const [entry, ...rest] = await revenueOf(s.facilitator.user.id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      amountCents: 1500,
      feeCents: 150,
      memberId: s.member.user.id,
      kind: 'payment',
      sourceId: s.invoice,
      paymentRef: expect.stringMatching(/^pi_/),
    });
    const list = (await call(t.app, 'GET', '/api/app/subscriptions', undefined, s.member.token)).json();
    expect(list).toEqual([
      expect.objectContaining({ isActive: true, isPaid: true, stripeDetails: { status: 'active' } }),
    ]);
  });

  it('invoice.paid before checkout.session.completed records revenue once (the subscription is read back from Stripe)', async () => {
    const s = await subscribed();
    expect(await result(s.paid)).toBe('applied');
    expect(await result(s.completed)).toBe('applied');
    expect((await revenueOf(s.facilitator.user.id)).map((r) => r.amountCents)).toEqual([1500]);
  });

  it('invoice.paid without any checkout.session.completed records revenue once', async () => {
    const s = await subscribed();
    expect(await result(s.paid)).toBe('applied');
    expect((await revenueOf(s.facilitator.user.id)).map((r) => r.amountCents)).toEqual([1500]);
  });

  it('reads the subscription from parent.subscription_details: an invoice in the pre-2025-03-31 shape is not read', async () => {
    const s = await subscribed();
    const oldShape = { ...paidInvoice(uid('in'), s.sub), parent: null, subscription: s.sub };
    expect(await result(stripeEvent(uid('evt'), 'invoice.paid', oldShape))).toBe('ignored');
    expect(await revenueOf(s.facilitator.user.id)).toEqual([]);
  });

  it('ends in the right state when deleted arrives before updated (state is read back from Stripe)', async () => {
    const s = await subscribed();
    await result(s.completed);
    stand.setSubscription(s.sub, 'canceled', s.metadata);
    await result(
      stripeEvent(uid('evt'), 'customer.subscription.deleted', {
        id: s.sub,
        object: 'subscription',
        status: 'canceled',
      }),
    );
    await result(
      stripeEvent(uid('evt'), 'customer.subscription.updated', { id: s.sub, object: 'subscription', status: 'active' }),
    );
    const [sub] = (await call(t.app, 'GET', '/api/app/subscriptions', undefined, s.member.token)).json();
    expect(sub).toMatchObject({ isActive: false, cancelled: true, stripeDetails: { status: 'canceled' } });
  });
});

describe('the subscription lifecycle', () => {
  it('past_due keeps access and tells the member to update their card; unpaid ends access', async () => {
    const { member, metadata } = await paidTierAndMember();
    const sub = uid('sub');
    stand.setSubscription(sub, 'active', metadata);
    await result(
      stripeEvent(uid('evt'), 'checkout.session.completed', subscriptionCheckout(uid('cs'), sub, uid('in'), metadata)),
    );
    stand.setSubscription(sub, 'past_due', metadata);
    expect(
      await result(
        stripeEvent(uid('evt'), 'invoice.payment_failed', {
          ...paidInvoice(uid('in'), sub),
          status: 'open',
          amount_paid: 0,
        }),
      ),
    ).toBe('applied');
    const mine = async () => (await call(t.app, 'GET', '/api/app/subscriptions', undefined, member.token)).json()[0];
    expect(await mine()).toMatchObject({ isActive: true, stripeDetails: { status: 'past_due' } });
    const notes = (await call(t.app, 'GET', '/api/app/notifications', undefined, member.token)).json();
    expect(notes[0]).toMatchObject({
      message: expect.stringContaining('Update your payment details'),
      link: '/subscriptions',
    });

    stand.setSubscription(sub, 'unpaid', metadata);
    await result(stripeEvent(uid('evt'), 'customer.subscription.updated', { id: sub, object: 'subscription' }));
    expect(await mine()).toMatchObject({ isActive: false, stripeDetails: { status: 'unpaid' } });
  });

  it('Start paying now ends a trial with trial_end=now; the update event turns it active, counted as a conversion', async () => {
    const { facilitator, member, metadata } = await paidTierAndMember({ trialDays: 7 });
    const sub = uid('sub');
    stand.setSubscription(sub, 'trialing', metadata, { periodDays: 7 });
    await result(
      stripeEvent(uid('evt'), 'checkout.session.completed', subscriptionCheckout(uid('cs'), sub, uid('in'), metadata)),
    );
    const mine = async () => (await call(t.app, 'GET', '/api/app/subscriptions', undefined, member.token)).json()[0];
    const trialing = await mine();
    expect(trialing).toMatchObject({ stripeDetails: { status: 'trialing' } });

    const res = await call(
      t.app,
      'POST',
      '/api/app/subscription-action/start-paying',
      { sub: trialing._id },
      member.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const update = stand.calls(`/v1/subscriptions/${sub}`).at(-1)!.body;
    expect(update.get('trial_end')).toBe('now');
    expect(stand.subscription(sub)).toMatchObject({ status: 'active', trial_end: expect.any(Number) });

    await result(stripeEvent(uid('evt'), 'customer.subscription.updated', { id: sub, object: 'subscription' }));
    expect(await mine()).toMatchObject({ stripeDetails: { status: 'active' } });
    const money = (
      await call(t.app, 'GET', '/api/app/facilitator/money?period=month', undefined, facilitator.token)
    ).json();
    expect(money).toMatchObject({ trialStarts: 1, trialConversions: 1 });
  });

  it('five checkouts of one tier paid end in one subscription: the other four are cancelled and refunded', async () => {
    const { facilitator, member, metadata } = await paidTierAndMember();
    const subs = Array.from({ length: 5 }, () => uid('sub'));
    const pis: string[] = [];
    for (const sub of subs) {
      const invoice = uid('in');
      const pi = uid('pi');
      pis.push(pi);
      stand.setSubscription(sub, 'active', metadata);
      stand.setInvoicePayment(invoice, pi);
      await result(
        stripeEvent(uid('evt'), 'checkout.session.completed', subscriptionCheckout(uid('cs'), sub, invoice, metadata)),
      );
      await result(stripeEvent(uid('evt'), 'invoice.paid', paidInvoice(invoice, sub)));
    }
    const rows = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.providerSubscriptionId).toBe(subs[0]);
    expect(stand.subscription(subs[0]!)!.status).toBe('active');
    for (const sub of subs.slice(1)) expect(stand.subscription(sub)!.status).toBe('canceled');
    const refunded = stand.calls('/v1/refunds').map((r) => r.body.get('payment_intent'));
    expect(refunded).toEqual(expect.arrayContaining(pis.slice(1)));
    expect(refunded).not.toContain(pis[0]);
    // the four duplicates are payments refunded in full at once: one payment counts
    const revenue = await revenueOf(facilitator.user.id);
    expect(revenue.reduce((sum, r) => sum + r.amountCents, 0)).toBe(1500);
    expect(revenue.filter((r) => r.kind === 'refund').map((r) => [r.paymentRef, r.amountCents])).toEqual(
      expect.arrayContaining(pis.slice(1).map((pi) => [pi, -1500])),
    );
    // Stripe's refund events afterwards find nothing left to reverse
    for (const pi of pis.slice(1)) {
      const charge = {
        id: uid('ch'),
        object: 'charge',
        payment_intent: pi,
        amount: 1500,
        amount_refunded: 1500,
        refunded: true,
      };
      expect(await result(stripeEvent(uid('evt'), 'charge.refunded', charge))).toBe('ignored');
    }
    expect((await revenueOf(facilitator.user.id)).length).toBe(revenue.length);
  });
});

describe('one-off payments', () => {
  it('a course paid by a delayed method unlocks only on async_payment_succeeded', async () => {
    const { facilitator, member, metadata } = await paidTierAndMember({ type: 'single', price: 40 });
    const session = paymentCheckout(uid('cs'), uid('pi'), metadata, 4000, 'unpaid');
    expect(await result(stripeEvent(uid('evt'), 'checkout.session.completed', session))).toBe('pending');
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id))).toHaveLength(0);
    expect(await revenueOf(facilitator.user.id)).toEqual([]);

    expect(
      await result(
        stripeEvent(uid('evt'), 'checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' }),
      ),
    ).toBe('applied');
    const [sub] = (await call(t.app, 'GET', '/api/app/subscriptions', undefined, member.token)).json();
    expect(sub).toMatchObject({ isActive: true });
    expect((await revenueOf(facilitator.user.id)).map((r) => r.amountCents)).toEqual([4000]);
  });

  it('a failed delayed payment unlocks nothing and tells the member', async () => {
    const { member, metadata } = await paidTierAndMember({ type: 'single', price: 40 });
    const session = paymentCheckout(uid('cs'), uid('pi'), metadata, 4000, 'unpaid');
    await result(stripeEvent(uid('evt'), 'checkout.session.completed', session));
    expect(await result(stripeEvent(uid('evt'), 'checkout.session.async_payment_failed', session))).toBe('applied');
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id))).toHaveLength(0);
    const notes = (await call(t.app, 'GET', '/api/app/notifications', undefined, member.token)).json();
    expect(notes[0].message).toContain('did not go through');
  });

  it('charge.refunded reverses revenue by what was refunded, partial then full, once per state', async () => {
    const { facilitator, metadata } = await paidTierAndMember({ type: 'single', price: 40 });
    const pi = uid('pi');
    await result(stripeEvent(uid('evt'), 'checkout.session.completed', paymentCheckout(uid('cs'), pi, metadata, 4000)));
    const charge = (refunded: number) => ({
      id: `ch_${pi}`,
      object: 'charge',
      payment_intent: pi,
      amount: 4000,
      amount_refunded: refunded,
      refunded: refunded === 4000,
    });
    expect(await result(stripeEvent(uid('evt'), 'charge.refunded', charge(1000)))).toBe('applied');
    expect(await result(stripeEvent(uid('evt'), 'charge.refunded', charge(1000)))).toBe('ignored');
    expect(await result(stripeEvent(uid('evt'), 'charge.refunded', charge(4000)))).toBe('applied');
    const entries = await revenueOf(facilitator.user.id);
    expect(entries.map((e) => [e.kind, e.amountCents, e.feeCents]).sort()).toEqual([
      ['payment', 4000, 400],
      ['refund', -1000, -100],
      ['refund', -3000, -300],
    ]);
    const notes = (await call(t.app, 'GET', '/api/app/notifications', undefined, facilitator.token)).json();
    expect(notes[0].message).toContain('was refunded');
  });

  it('a dispute marks the payment and tells the facilitator; a lost one takes the money back', async () => {
    const { facilitator, metadata } = await paidTierAndMember({ type: 'single', price: 40 });
    const pi = uid('pi');
    await result(stripeEvent(uid('evt'), 'checkout.session.completed', paymentCheckout(uid('cs'), pi, metadata, 4000)));
    const dispute = (status: string) => ({
      id: `dp_${pi}`,
      object: 'dispute',
      payment_intent: pi,
      charge: `ch_${pi}`,
      amount: 4000,
      status,
    });
    expect(await result(stripeEvent(uid('evt'), 'charge.dispute.created', dispute('needs_response')))).toBe('applied');
    expect((await revenueOf(facilitator.user.id))[0]!.disputeStatus).toBe('open');
    expect(await result(stripeEvent(uid('evt'), 'charge.dispute.closed', dispute('lost')))).toBe('applied');
    const entries = await revenueOf(facilitator.user.id);
    expect(entries.map((e) => [e.kind, e.amountCents]).sort()).toEqual([
      ['dispute', -4000],
      ['payment', 4000],
    ]);
  });

  it('two checkouts of one session both paid end in one booking and one refund', async () => {
    const facilitator = await buildFacilitator(t.db);
    const member = await buildUser(t.db);
    const [session] = await t.db
      .insert(sessions)
      .values({
        facilitatorId: facilitator.user.id,
        name: '1:1 Breathwork',
        priceCents: 2500,
        startTime: new Date(Date.now() + 86400_000),
        endTime: new Date(Date.now() + 90000_000),
        meetingUrl: 'https://meet.test/x',
      })
      .returning();
    const metadata = { userId: member.user.id, sessionId: session!.id, facilitatorId: facilitator.user.id };
    const [pi1, pi2] = [uid('pi'), uid('pi')];
    expect(
      await result(
        stripeEvent(uid('evt'), 'checkout.session.completed', paymentCheckout(uid('cs'), pi1, metadata, 2500)),
      ),
    ).toBe('applied');
    expect(
      await result(
        stripeEvent(uid('evt'), 'checkout.session.completed', paymentCheckout(uid('cs'), pi2, metadata, 2500)),
      ),
    ).toBe('refunded');
    const booked = await t.db
      .select()
      .from(sessionBookings)
      .where(and(eq(sessionBookings.sessionId, session!.id), eq(sessionBookings.status, 'booked')));
    expect(booked).toEqual([expect.objectContaining({ memberId: member.user.id, paymentId: pi1 })]);
    const refunds = stand.calls('/v1/refunds').map((r) => r.body.get('payment_intent'));
    expect(refunds).toContain(pi2);
    expect(refunds).not.toContain(pi1);
    const revenue = (await call(t.app, 'GET', '/api/app/facilitator/revenue', undefined, facilitator.token)).json();
    expect(revenue.buckets).toEqual([expect.objectContaining({ tier: 'Sessions', amount: 2500 })]);
  });

  it("a session's price change expires the open checkout, ends the hold and tells the member", async () => {
    const facilitator = await buildFacilitator(t.db);
    const member = await buildUser(t.db);
    const start = new Date(Date.now() + 86400_000);
    const [session] = await t.db
      .insert(sessions)
      .values({
        facilitatorId: facilitator.user.id,
        name: 'Group Breath',
        priceCents: 2500,
        startTime: start,
        endTime: new Date(start.getTime() + 3600_000),
        meetingUrl: 'https://meet.test/y',
      })
      .returning();
    const checkout = await call(
      t.app,
      'POST',
      '/api/app/session/create-checkout-session',
      { sessionId: session!.id },
      member.token,
    );
    expect(checkout.statusCode, checkout.body).toBe(200);
    const [open] = await t.db
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.sessionId, session!.id), eq(checkoutSessions.status, 'open')));
    expect(open).toBeDefined();
    const body = {
      name: 'Group Breath',
      description: '',
      price: 30,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3600_000).toISOString(),
      meetingUrl: 'https://meet.test/y',
    };
    expect(
      (await call(t.app, 'POST', `/api/app/facilitator/sessions/${session!.id}`, body, facilitator.token)).statusCode,
    ).toBe(200);
    expect(stand.calls(`/v1/checkout/sessions/${open!.id}/expire`)).toHaveLength(1);
    const [after] = await t.db.select().from(sessions).where(eq(sessions.id, session!.id));
    expect(after).toMatchObject({ priceCents: 3000 });
    const holds = await t.db
      .select()
      .from(sessionBookings)
      .where(and(eq(sessionBookings.sessionId, session!.id), eq(sessionBookings.status, 'held')));
    expect(holds).toEqual([]);
    const notes = (await call(t.app, 'GET', '/api/app/notifications', undefined, member.token)).json();
    expect(notes[0].message).toContain('price of Group Breath changed');
  });
});

describe('payouts', () => {
  it("lists the facilitator's payouts from their connected account", async () => {
    const { facilitator } = await paidTierAndMember();
    await call(t.app, 'GET', '/api/app/link-facilitator-bank-account', undefined, facilitator.token);
    const [row] = await t.db.select().from(users).where(eq(users.id, facilitator.user.id));
    const payouts = await t.app.ctx.payments.listPayouts(row!.stripeAccountId!, 10);
    expect(payouts).toEqual([{ id: 'po_1', amountCents: 4200, arrivalDate: expect.any(Number), status: 'paid' }]);
    expect(stand.calls('/v1/payouts', 'GET').at(-1)!.headers['stripe-account']).toBe(row!.stripeAccountId);
  });

  it('has no test-mode pages when Stripe is configured', async () => {
    const { member } = await paidTierAndMember();
    expect((await call(t.app, 'GET', '/api/test-mode/billing', undefined, member.token)).statusCode).toBe(404);
  });
});
