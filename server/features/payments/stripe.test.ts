import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { revenueEntries, subscriptions } from '../../db/schema';
import { buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

const WEBHOOK_SECRET = 'whsec_test_secret';

/** A local stand-in for the parts of Stripe's API Tend calls; it records every request. */
function stripeStandIn() {
  const requests: { method: string; path: string; body: URLSearchParams }[] = [];
  const remoteSubscriptions = new Map<string, Record<string, unknown>>();
  let n = 0;
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data));
    });
  const server: Server = createServer(async (req, res) => {
    const body = new URLSearchParams(await read(req));
    const path = (req.url ?? '').split('?')[0]!;
    requests.push({ method: req.method!, path, body });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++n}` });
      res.end(JSON.stringify(json));
    };
    if (path === '/v1/customers') return send(200, { id: `cus_${++n}`, object: 'customer' });
    if (path === '/v1/products') return send(200, { id: `prod_${++n}`, object: 'product' });
    if (path === '/v1/prices') return send(200, { id: `price_${++n}`, object: 'price' });
    if (path === '/v1/checkout/sessions') return send(200, { id: `cs_${++n}`, object: 'checkout.session', url: `https://checkout.stripe.test/c/${n}` });
    if (path === '/v1/billing_portal/sessions') return send(200, { id: `bps_${++n}`, url: 'https://billing.stripe.test/p/1' });
    if (path === '/v1/accounts') return send(200, { id: `acct_${++n}`, object: 'account' });
    if (path === '/v1/account_links') return send(200, { object: 'account_link', url: 'https://connect.stripe.test/setup/1' });
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (sub && req.method === 'GET') {
      const found = remoteSubscriptions.get(sub[1]!);
      return found ? send(200, found) : send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
    }
    send(404, { error: { type: 'invalid_request_error', message: `unknown ${path}` } });
  });
  return { server, requests, remoteSubscriptions };
}

let t: TestApp;
let stand: ReturnType<typeof stripeStandIn>;
const stripe = new Stripe('sk_test_unused');

beforeAll(async () => {
  stand = stripeStandIn();
  await new Promise<void>((r) => stand.server.listen(0, '127.0.0.1', r));
  const { port } = stand.server.address() as AddressInfo;
  t = await startTestApp({
    stripeSecretKey: 'sk_test_tend',
    stripeWebhookSecret: WEBHOOK_SECRET,
    stripeApi: { host: '127.0.0.1', port, protocol: 'http' },
  });
});
afterAll(async () => {
  await t.close();
  stand.server.close();
});

/** Posts a webhook signed the way Stripe signs it (or with a forged signature). */
function deliver(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

const remote = (id: string, status: string, metadata: Record<string, string>, cancelAtPeriodEnd = false) =>
  stand.remoteSubscriptions.set(id, {
    id,
    object: 'subscription',
    status,
    cancel_at_period_end: cancelAtPeriodEnd,
    current_period_end: Math.floor(Date.now() / 1000) + 30 * 86400,
    metadata,
    items: { data: [] },
  });

async function paidTierAndMember() {
  const facilitator = await buildFacilitator(t.db);
  const tier = await buildTier(t.db, facilitator.user.id, { name: 'Deep Practice', price: 15 });
  const member = await buildUser(t.db);
  return { facilitator, tier, member, metadata: { userId: member.user.id, tierId: tier.id } };
}

describe('Stripe checkout', () => {
  it('creates the product, price, customer and a subscription-mode Checkout Session with metadata', async () => {
    const { tier, member } = await paidTierAndMember();
    const res = await call(t.app, 'GET', `/api/app/subscribe/${tier.id}/create-checkout-session`, undefined, member.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const session = stand.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(session.body.get('mode')).toBe('subscription');
    expect(session.body.get('metadata[tierId]')).toBe(tier.id);
    expect(session.body.get('subscription_data[metadata][userId]')).toBe(member.user.id);
    expect(session.body.get('success_url')).toContain(`/subscription/${tier.id}/success?session_id={CHECKOUT_SESSION_ID}`);
    const price = stand.requests.filter((r) => r.path === '/v1/prices').at(-1)!;
    expect(price.body.get('unit_amount')).toBe('1500');
    expect(price.body.get('recurring[interval]')).toBe('month');
  });
});

describe('Stripe webhooks', () => {
  it('refuses a forged signature and changes nothing', async () => {
    const { member, metadata } = await paidTierAndMember();
    remote('sub_forged', 'active', metadata);
    const res = await deliver(
      { id: 'evt_forged', type: 'checkout.session.completed', data: { object: { id: 'cs_x', mode: 'subscription', subscription: 'sub_forged', metadata } } },
      'whsec_wrong',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Invalid webhook signature');
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id))).toHaveLength(0);
  });

  it('applies a verified checkout, and a replay of the same event changes nothing', async () => {
    const { facilitator, member, metadata } = await paidTierAndMember();
    remote('sub_ok', 'active', metadata);
    const completed = { id: 'evt_ok_1', type: 'checkout.session.completed', data: { object: { id: 'cs_ok', mode: 'subscription', subscription: 'sub_ok', customer: 'cus_ok', metadata } } };
    const invoice = { id: 'evt_ok_2', type: 'invoice.paid', data: { object: { id: 'in_ok', subscription: 'sub_ok', amount_paid: 1500, metadata } } };
    expect((await deliver(completed)).json().result).toBe('applied');
    expect((await deliver(invoice)).json().result).toBe('applied');
    expect((await deliver(invoice)).json().result).toBe('duplicate');
    expect((await deliver(completed)).json().result).toBe('duplicate');

    const list = (await call(t.app, 'GET', '/api/app/subscriptions', undefined, member.token)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ isActive: true, isPaid: true, stripeDetails: { status: 'active' } });
    const revenue = await t.db.select().from(revenueEntries).where(eq(revenueEntries.facilitatorId, facilitator.user.id));
    expect(revenue.map((r) => r.amountCents)).toEqual([1500]);
  });

  it('ends in the right state when deleted arrives before updated (state is read back from Stripe)', async () => {
    const { member, metadata } = await paidTierAndMember();
    remote('sub_order', 'active', metadata);
    await deliver({ id: 'evt_o_1', type: 'checkout.session.completed', data: { object: { id: 'cs_o', mode: 'subscription', subscription: 'sub_order', metadata } } });
    // at Stripe the subscription is now cancelled; the events arrive out of order
    remote('sub_order', 'canceled', metadata);
    await deliver({ id: 'evt_o_3', type: 'customer.subscription.deleted', data: { object: { id: 'sub_order', status: 'canceled' } } });
    await deliver({ id: 'evt_o_2', type: 'customer.subscription.updated', data: { object: { id: 'sub_order', status: 'active' } } });
    const [sub] = (await call(t.app, 'GET', '/api/app/subscriptions', undefined, member.token)).json();
    expect(sub).toMatchObject({ isActive: false, cancelled: true, stripeDetails: { status: 'canceled' } });
  });

  it('creates the subscription from an update that arrives before the checkout completion', async () => {
    const { member, metadata } = await paidTierAndMember();
    remote('sub_early', 'active', metadata);
    await deliver({ id: 'evt_e_2', type: 'customer.subscription.updated', data: { object: { id: 'sub_early' } } });
    await deliver({ id: 'evt_e_1', type: 'checkout.session.completed', data: { object: { id: 'cs_e', mode: 'subscription', subscription: 'sub_early', metadata } } });
    const list = (await call(t.app, 'GET', '/api/app/subscriptions', undefined, member.token)).json();
    expect(list).toHaveLength(1);
    expect(list[0].isActive).toBe(true);
  });

  it('records account.updated for a facilitator linking their bank account', async () => {
    const { facilitator } = await paidTierAndMember();
    const link = await call(t.app, 'GET', '/api/app/link-facilitator-bank-account', undefined, facilitator.token);
    expect(link.json().url).toBe('https://connect.stripe.test/setup/1');
    const dash = () => call(t.app, 'GET', '/api/app/facilitator/dashboard', undefined, facilitator.token);
    expect((await dash()).json().payouts.status).toBe('incomplete');
    const accountId = stand.requests.filter((r) => r.path === '/v1/account_links').at(-1)!.body.get('account')!;
    await deliver({ id: 'evt_acct', type: 'account.updated', data: { object: { id: accountId, details_submitted: true, charges_enabled: true } } });
    expect((await dash()).json().payouts.status).toBe('linked');
  });

  it('has no test-mode pages when Stripe is configured', async () => {
    const { member } = await paidTierAndMember();
    expect((await call(t.app, 'GET', '/api/test-mode/billing', undefined, member.token)).statusCode).toBe(404);
  });
});
