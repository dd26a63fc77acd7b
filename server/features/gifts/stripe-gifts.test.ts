import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../../../common/time';
import { gifts, revenueEntries } from '../../db/schema';
import { buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { stripeEvent, stripeStandIn, deliverStripeEvent } from '../../test/stripe-stand-in';

/** A gift against the local stand-in for Stripe's API: one Checkout Session in payment mode, priced inline. */
const SECRET = 'whsec_gifts';
let t: TestApp;
const stand = stripeStandIn();
beforeAll(async () => {
  t = await startTestApp({
    stripeSecretKey: 'sk_test_tend',
    stripeWebhookSecret: SECRET,
    stripeApi: await stand.listen(),
    platformFeePercent: 10,
  });
});
afterAll(async () => {
  await t.close();
  await stand.close();
});

const deliver = (event: Record<string, unknown>) => deliverStripeEvent(t.app, SECRET, event);

describe('a gift paid through Stripe', () => {
  it('opens a payment-mode Checkout Session with a one-off price_data amount; the paid event, the refund event', async () => {
    const facilitator = await buildFacilitator(t.db, { name: 'Maya' });
    const tier = await buildTier(t.db, facilitator.user.id, { name: 'Deep Practice', price: 15 });
    const buyer = await buildUser(t.db, { name: 'Ana' });
    const pricesBefore = stand.calls('/v1/prices').length;
    const res = await call(
      t.app,
      'POST',
      `/api/app/tier/${tier.id}/gifts`,
      { months: 6, recipientEmail: 'lee@example.com', message: 'For you', deliverOn: localDay(new Date(), 'UTC') },
      buyer.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const session = stand.calls('/v1/checkout/sessions').at(-1)!.body;
    expect(session.get('mode')).toBe('payment');
    expect(session.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(session.get('line_items[0][price_data][unit_amount]')).toBe('9000');
    expect(session.get('line_items[0][price_data][product_data][name]')).toBe('Gift: 6 months of Deep Practice');
    expect(session.get('line_items[0][price]')).toBeNull();
    expect(session.get('subscription_data[metadata][userId]')).toBeNull();
    expect(stand.calls('/v1/prices').length).toBe(pricesBefore);
    const [gift] = await t.db.select().from(gifts).where(eq(gifts.buyerId, buyer.user.id));
    expect(session.get('metadata[giftId]')).toBe(gift!.id);
    expect(session.get('payment_intent_data[metadata][giftId]')).toBe(gift!.id);

    const pi = 'pi_gift_1';
    const completed = {
      id: gift!.checkoutId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      subscription: null,
      invoice: null,
      payment_intent: pi,
      customer: 'cus_buyer',
      amount_total: 9000,
      currency: 'usd',
      created: Math.floor(Date.now() / 1000),
      metadata: Object.fromEntries(
        [...session.entries()].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]),
      ),
    };
    expect(await deliver(stripeEvent('evt_gift_paid', 'checkout.session.completed', completed))).toBe('applied');
    // a redelivery changes nothing
    expect(await deliver(stripeEvent('evt_gift_paid_2', 'checkout.session.completed', completed))).toBe('duplicate');
    const entries = await t.db
      .select()
      .from(revenueEntries)
      .where(eq(revenueEntries.facilitatorId, facilitator.user.id));
    expect(entries.map((e) => [e.kind, e.amountCents, e.feeCents, e.memberId])).toEqual([
      ['payment', 9000, 900, buyer.user.id],
    ]);
    await t.mailbox.latest('lee@example.com', /gave you/);

    const charge = {
      id: 'ch_gift_1',
      object: 'charge',
      payment_intent: pi,
      amount: 9000,
      amount_refunded: 9000,
      refunded: true,
    };
    expect(await deliver(stripeEvent('evt_gift_refund', 'charge.refunded', charge))).toBe('applied');
    const [after] = await t.db.select().from(gifts).where(eq(gifts.id, gift!.id));
    expect(after!.revokedAt).not.toBeNull();
  });

  it('leaves no gift behind when Stripe cannot be reached (503 payments_unavailable)', async () => {
    const facilitator = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, facilitator.user.id, { price: 15 });
    const buyer = await buildUser(t.db);
    stand.failWith(500);
    try {
      const res = await call(
        t.app,
        'POST',
        `/api/app/tier/${tier.id}/gifts`,
        { months: 1, recipientEmail: 'kim@example.com', deliverOn: localDay(new Date(), 'UTC') },
        buyer.token,
      );
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe('payments_unavailable');
    } finally {
      stand.failWith(null);
    }
    expect(await t.db.select().from(gifts).where(eq(gifts.buyerId, buyer.user.id))).toEqual([]);
  });
});
