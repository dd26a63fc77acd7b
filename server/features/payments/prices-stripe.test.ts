import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { subscriptions, tierPrices } from '../../db/schema';
import { buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { stripeEvent, stripeStandIn, deliverStripeEvent } from '../../test/stripe-stand-in';

/** A tier's prices against a local stand-in for Stripe's API answering in the pinned version's shapes. */
const SECRET = 'whsec_prices_secret';
let t: TestApp;
const stand = stripeStandIn();

beforeAll(async () => {
  t = await startTestApp({
    stripeSecretKey: 'sk_test_tend',
    stripeWebhookSecret: SECRET,
    stripeApi: await stand.listen(),
  });
});
afterAll(async () => {
  await t.close();
  await stand.close();
});

const deliver = (event: Record<string, unknown>) => deliverStripeEvent(t.app, SECRET, event);

async function monthlyOrYearly() {
  const facilitator = await buildFacilitator(t.db, { name: 'Maya' });
  const res = await call(
    t.app,
    'POST',
    '/api/app/tier/new',
    {
      name: 'Deep Practice',
      type: 'subscription',
      price: 10,
      published: true,
      prices: [
        { interval: 'month', price: 10, default: true },
        { interval: 'year', price: 84 },
      ],
    },
    facilitator.token,
  );
  return res.json()._id as string;
}

const priceRow = async (tierId: string, interval: string) =>
  (await t.db.select().from(tierPrices).where(eq(tierPrices.tierId, tierId))).find((p) => p.interval === interval)!;

describe('prices at Stripe', () => {
  it('each interval is its own Price on the tier’s one Product, cached per price; the checkout sells the one chosen', async () => {
    const tierId = await monthlyOrYearly();
    const member = await buildUser(t.db);
    const open = (q: string) =>
      call(t.app, 'GET', `/api/app/subscribe/${tierId}/create-checkout-session${q}`, undefined, member.token);
    expect((await open('?interval=year')).statusCode).toBe(200);
    const year = stand.calls('/v1/prices').at(-1)!.body;
    expect([year.get('unit_amount'), year.get('recurring[interval]')]).toEqual(['8400', 'year']);
    const yearRow = await priceRow(tierId, 'year');
    expect(yearRow.stripePriceId).toMatch(/^price_/);
    expect(stand.calls('/v1/checkout/sessions').at(-1)!.body.get('line_items[0][price]')).toBe(yearRow.stripePriceId);
    // the monthly one (another checkout) is a second Price on the same Product
    expect((await open('')).statusCode).toBe(200);
    const month = stand.calls('/v1/prices').at(-1)!.body;
    expect([month.get('unit_amount'), month.get('recurring[interval]')]).toEqual(['1000', 'month']);
    expect(month.get('product')).toBe(year.get('product'));
    expect((await priceRow(tierId, 'month')).stripePriceId).toMatch(/^price_/);
    expect(stand.calls('/v1/checkout/sessions').at(-1)!.body.get('metadata[interval]')).toBe('month');
  });

  it('a member switches to yearly: the item moves to the yearly Price with prorations, and the row follows Stripe', async () => {
    const tierId = await monthlyOrYearly();
    const member = await buildUser(t.db);
    await call(t.app, 'GET', `/api/app/subscribe/${tierId}/create-checkout-session`, undefined, member.token);
    const month = await priceRow(tierId, 'month');
    const metadata = { userId: member.user.id, tierId };
    const subId = `sub_switch_${Date.now()}`;
    stand.setSubscription(subId, 'active', metadata, { priceId: month.stripePriceId! });
    await deliver(
      stripeEvent(`evt_${subId}`, 'checkout.session.completed', {
        id: `cs_${subId}`,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        subscription: subId,
        invoice: null,
        payment_intent: null,
        customer: 'cus_member',
        amount_total: 1000,
        created: Math.floor(Date.now() / 1000),
        metadata,
      }),
    );
    const [before] = await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subId));
    expect(before).toMatchObject({ tierPriceId: month.id, billingInterval: 'month', priceCents: 1000 });

    const res = await call(
      t.app,
      'POST',
      `/api/app/subscriptions/${before!.id}/interval`,
      { interval: 'year' },
      member.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const update = stand.calls(`/v1/subscriptions/${subId}`).at(-1)!.body;
    const year = await priceRow(tierId, 'year');
    expect(year.stripePriceId).toMatch(/^price_/);
    expect(Object.fromEntries(update)).toEqual({
      'items[0][id]': `si_${subId}`,
      'items[0][price]': year.stripePriceId,
      proration_behavior: 'create_prorations',
    });
    const [after] = await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subId));
    expect(after).toMatchObject({ tierPriceId: year.id, billingInterval: 'year', priceCents: 8400 });
    expect(res.json()).toMatchObject({ interval: 'year', price: 84 });
  });

  it('answers 503 and changes nothing when Stripe is down', async () => {
    const tierId = await monthlyOrYearly();
    const member = await buildUser(t.db);
    await call(t.app, 'GET', `/api/app/subscribe/${tierId}/create-checkout-session`, undefined, member.token);
    const month = await priceRow(tierId, 'month');
    const subId = `sub_down_${Date.now()}`;
    stand.setSubscription(subId, 'active', { userId: member.user.id, tierId }, { priceId: month.stripePriceId! });
    await deliver(
      stripeEvent(`evt_${subId}`, 'customer.subscription.created', {
        id: subId,
        object: 'subscription',
        status: 'active',
        metadata: { userId: member.user.id, tierId },
      }),
    );
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subId));
    stand.failWith(503);
    try {
      const res = await call(
        t.app,
        'POST',
        `/api/app/subscriptions/${row!.id}/interval`,
        { interval: 'year' },
        member.token,
      );
      expect(res.statusCode).toBe(503);
    } finally {
      stand.failWith(null);
    }
    const [still] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, row!.id));
    expect(still).toMatchObject({ billingInterval: 'month', priceCents: 1000 });
  });
});
