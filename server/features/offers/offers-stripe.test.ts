import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { offerRedemptions, offers, referrals, revenueEntries, subscriptions } from '../../db/schema';
import { buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { stripeEvent, stripeStandIn, deliverStripeEvent } from '../../test/stripe-stand-in';

/**
 * Offers through Stripe (the local stand-in, in the pinned API version's shapes): each offer
 * gets one Coupon and one Promotion Code, the Checkout Session carries it in `discounts` (a trial
 * offer in `subscription_data.trial_period_days`), and the invoice's discount reaches the revenue
 * entry.
 */
const SECRET = 'whsec_offers';
const stand = stripeStandIn();
let t: TestApp;
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

let seq = 0;
const uid = (prefix: string) => `${prefix}_${++seq}_${Math.random().toString(36).slice(2, 8)}`;

const deliver = (event: Record<string, unknown>) => deliverStripeEvent(t.app, SECRET, event);

async function setup(price: number, body: Record<string, unknown>, overrides = {}) {
  const owner = await buildFacilitator(t.db);
  const tier = await buildTier(t.db, owner.user.id, { name: 'Deep Practice', price, ...overrides });
  const made = await call(t.app, 'POST', `/api/app/tier/${tier.id}/offers`, body, owner.token);
  expect(made.statusCode, made.body).toBe(200);
  return { owner, tier, offer: made.json() };
}

async function checkout(tierId: string, code: string) {
  const member = await buildUser(t.db);
  const res = await call(
    t.app,
    'GET',
    `/api/app/subscribe/${tierId}/create-checkout-session?offer=${code}`,
    undefined,
    member.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().url.split('/').pop() as string;
  return { member, id, session: stand.checkout(id)! };
}

const lastCall = (path: string) => stand.calls(path).at(-1)!.body;

describe('offers on Stripe', () => {
  it('makes one Coupon and Promotion Code per offer and applies it to the Checkout Session', async () => {
    const { tier, offer } = await setup(12, {
      code: 'THREE',
      kind: 'percent',
      percentOff: 25,
      duration: 'repeating',
      durationMonths: 3,
    });
    const couponsBefore = stand.calls('/v1/coupons').length;
    const first = await checkout(tier.id, 'three');
    const coupon = lastCall('/v1/coupons');
    expect(Object.fromEntries(coupon)).toMatchObject({
      percent_off: '25',
      duration: 'repeating',
      duration_in_months: '3',
      'metadata[tendOffer]': offer._id,
    });
    const promotion = lastCall('/v1/promotion_codes');
    expect(promotion.get('promotion[type]')).toBe('coupon');
    const session = lastCall('/v1/checkout/sessions');
    expect(session.get('discounts[0][promotion_code]')).toMatch(/^promo_/);
    expect(session.get('allow_promotion_codes')).toBeNull();
    expect(session.get('metadata[offerId]')).toBe(offer._id);
    expect(first.session).toMatchObject({ amount_total: 900, total_details: { amount_discount: 300 } });

    const [row] = await t.db.select().from(offers).where(eq(offers.id, offer._id));
    expect(row).toMatchObject({ stripeCouponId: expect.stringMatching(/^coupon_/), used: 1, redeemed: 0 });
    // the next member's checkout reuses them
    await checkout(tier.id, 'THREE');
    expect(stand.calls('/v1/coupons').length).toBe(couponsBefore + 1);
    expect(lastCall('/v1/checkout/sessions').get('discounts[0][promotion_code]')).toBe(row!.stripePromotionCodeId);
  });

  it('a paid checkout confirms the redemption and each invoice records its discount and the offer', async () => {
    const { owner, tier, offer } = await setup(12, { code: 'FOUR', kind: 'amount', amountOff: 4, duration: 'forever' });
    const { member, id } = await checkout(tier.id, 'FOUR');
    expect(Object.fromEntries(lastCall('/v1/coupons'))).toMatchObject({
      amount_off: '400',
      currency: 'usd',
      duration: 'forever',
    });
    const [row] = await t.db.select().from(offers).where(eq(offers.id, offer._id));
    const metadata = { userId: member.user.id, tierId: tier.id, offerId: offer._id };
    const sub = uid('sub');
    const invoiceId = uid('in');
    // the subscription bills the checkout's Price and keeps the coupon for good
    const priceId = lastCall('/v1/checkout/sessions').get('line_items[0][price]')!;
    stand.setSubscription(sub, 'active', metadata, { priceId, discounts: [{ couponId: row!.stripeCouponId! }] });
    stand.setInvoicePayment(invoiceId, uid('pi'));
    stand.completeCheckout(id);
    const session = stand.checkout(id)!;
    const completed = {
      ...session,
      payment_status: 'paid',
      subscription: sub,
      customer: 'cus_1',
      invoice: invoiceId,
      created: Math.floor(Date.now() / 1000),
    };
    expect(await deliver(stripeEvent(uid('evt'), 'checkout.session.completed', completed))).toBe('applied');
    const invoice = stand.invoice(invoiceId, sub, 1200, row!.stripeCouponId!);
    expect(await deliver(stripeEvent(uid('evt'), 'invoice.paid', invoice))).toBe('applied');

    const [entry] = await t.db.select().from(revenueEntries).where(eq(revenueEntries.facilitatorId, owner.user.id));
    expect(entry).toMatchObject({ amountCents: 800, discountCents: 400, offerId: offer._id, offerCode: 'FOUR' });
    const [after] = await t.db.select().from(offers).where(eq(offers.id, offer._id));
    expect(after).toMatchObject({ used: 1, redeemed: 1 });
    // the subscription keeps the discount it bills (read through `expand[]=discounts.source.coupon`)
    const [kept] = await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, sub));
    expect(kept).toMatchObject({ priceCents: 1200, discountCents: 400, discountEndsAt: null });
  });

  it('a trial offer sets the free days on the subscription and no discount', async () => {
    const { tier } = await setup(12, { code: 'TRY14', kind: 'trial', trialDays: 14 }, { trialDays: 3 });
    await checkout(tier.id, 'TRY14');
    const session = lastCall('/v1/checkout/sessions');
    expect(session.get('subscription_data[trial_period_days]')).toBe('14');
    expect(session.get('discounts[0][promotion_code]')).toBeNull();
  });

  it("a discount offer takes the place of the tier's own trial, so a first-payment discount is never spent on a free bill", async () => {
    const { tier } = await setup(
      12,
      { code: 'HALF', kind: 'percent', percentOff: 50, duration: 'once' },
      { trialDays: 7 },
    );
    await checkout(tier.id, 'HALF');
    const session = lastCall('/v1/checkout/sessions');
    expect(session.get('subscription_data[trial_period_days]')).toBeNull();
    expect(session.get('discounts[0][promotion_code]')).toMatch(/^promo_/);
  });

  it('a payment still settling keeps its reservation past the checkout, and its arrival confirms it', async () => {
    const { tier, offer } = await setup(
      40,
      { code: 'DEBIT', kind: 'percent', percentOff: 10, duration: 'once' },
      {
        type: 'single',
      },
    );
    const { id, session } = await checkout(tier.id, 'DEBIT');
    const base = { ...session, status: 'complete', payment_intent: uid('pi'), customer: 'cus_1' };
    const pending = { ...base, payment_status: 'unpaid', created: Math.floor(Date.now() / 1000) };
    expect(await deliver(stripeEvent(uid('evt'), 'checkout.session.completed', pending))).toBe('pending');
    const [held] = await t.db.select().from(offerRedemptions).where(eq(offerRedemptions.checkoutId, id));
    expect(held!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 7 * 86_400_000);
    const settled = { ...pending, payment_status: 'paid' };
    expect(await deliver(stripeEvent(uid('evt'), 'checkout.session.async_payment_succeeded', settled))).toBe('applied');
    const [row] = await t.db.select().from(offers).where(eq(offers.id, offer._id));
    expect(row).toMatchObject({ used: 1, redeemed: 1 });
    const [entry] = await t.db.select().from(revenueEntries).where(eq(revenueEntries.offerId, offer._id));
    expect(entry).toMatchObject({ amountCents: 3600, discountCents: 400, offerCode: 'DEBIT' });
  });

  it('an expired checkout gives its reservation back', async () => {
    const { tier, offer } = await setup(12, { code: 'ONCE', kind: 'percent', percentOff: 10, duration: 'once' });
    const { id, session } = await checkout(tier.id, 'ONCE');
    expect(await deliver(stripeEvent(uid('evt'), 'checkout.session.expired', { ...session, status: 'expired' }))).toBe(
      'applied',
    );
    const [row] = await t.db.select().from(offers).where(eq(offers.id, offer._id));
    expect(row).toMatchObject({ used: 0, redeemed: 0 });
    const [redemption] = await t.db.select().from(offerRedemptions).where(eq(offerRedemptions.checkoutId, id));
    expect(redemption?.status).toBe('released');
  });

  it("a referral reward on Stripe: the session carries the offer's discount; expired, it is released; paid, it is used without touching the offer's counts", async () => {
    const { owner, tier, offer } = await setup(
      40,
      { code: 'PALS', kind: 'percent', percentOff: 10, duration: 'once', redemptionLimit: 1 },
      { type: 'single' },
    );
    const sam = await buildUser(t.db);
    const ada = await buildUser(t.db);
    const [referral] = await t.db
      .insert(referrals)
      .values({ referrerId: sam.user.id, refereeId: ada.user.id, rewardId: offer._id, rewardGrantedAt: new Date() })
      .returning();
    const open = async () => {
      const res = await call(
        t.app,
        'GET',
        `/api/app/subscribe/${tier.id}/create-checkout-session?offer=PALS`,
        undefined,
        sam.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().url.split('/').pop() as string;
      return { id, session: stand.checkout(id)! };
    };
    const first = await open();
    expect(lastCall('/v1/checkout/sessions').get('discounts[0][promotion_code]')).toMatch(/^promo_/);
    expect(first.session).toMatchObject({ amount_total: 3600, total_details: { amount_discount: 400 } });
    expect(
      await deliver(stripeEvent(uid('evt'), 'checkout.session.expired', { ...first.session, status: 'expired' })),
    ).toBe('applied');
    const released = await t.db.select().from(offerRedemptions).where(eq(offerRedemptions.referralId, referral!.id));
    expect(released.map((r) => r.status)).toEqual(['released']);

    const second = await open();
    const paid = {
      ...second.session,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: uid('pi'),
      customer: 'cus_1',
      created: Math.floor(Date.now() / 1000),
    };
    expect(await deliver(stripeEvent(uid('evt'), 'checkout.session.completed', paid))).toBe('applied');
    const used = await t.db.select().from(offerRedemptions).where(eq(offerRedemptions.referralId, referral!.id));
    expect(used.map((r) => r.status).sort()).toEqual(['confirmed', 'released']);
    const [row] = await t.db.select().from(offers).where(eq(offers.id, offer._id));
    expect(row).toMatchObject({ used: 0, redeemed: 0 });
    const [entry] = await t.db.select().from(revenueEntries).where(eq(revenueEntries.facilitatorId, owner.user.id));
    expect(entry).toMatchObject({ amountCents: 3600, discountCents: 400, offerCode: 'PALS', memberId: sam.user.id });
  });

  it("archiving turns the offer's Promotion Code off at Stripe; a referral reward still redeems it through the coupon itself", async () => {
    const { owner, tier, offer } = await setup(
      40,
      { code: 'LAST', kind: 'percent', percentOff: 10, duration: 'once' },
      {
        type: 'single',
      },
    );
    await checkout(tier.id, 'LAST');
    const [made] = await t.db.select().from(offers).where(eq(offers.id, offer._id));
    expect(stand.promotionCode(made!.stripePromotionCodeId!)).toMatchObject({ active: true });

    const sam = await buildUser(t.db);
    const ada = await buildUser(t.db);
    await t.db
      .insert(referrals)
      .values({ referrerId: sam.user.id, refereeId: ada.user.id, rewardId: offer._id, rewardGrantedAt: new Date() });

    const archived = await call(t.app, 'POST', `/api/app/tier/${tier.id}/offers/${offer._id}/archive`, {}, owner.token);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(Object.fromEntries(lastCall(`/v1/promotion_codes/${made!.stripePromotionCodeId}`))).toEqual({
      active: 'false',
    });
    expect(stand.promotionCode(made!.stripePromotionCodeId!)).toMatchObject({ active: false });

    // anyone else's code is refused by Tend; the referrer's reward goes through with the coupon
    const refused = await call(
      t.app,
      'GET',
      `/api/app/subscribe/${tier.id}/create-checkout-session?offer=LAST`,
      undefined,
      (await buildUser(t.db)).token,
    );
    expect(refused.json()).toMatchObject({ error: 'offer_archived' });
    const reward = await call(
      t.app,
      'GET',
      `/api/app/subscribe/${tier.id}/create-checkout-session?offer=LAST`,
      undefined,
      sam.token,
    );
    expect(reward.statusCode, reward.body).toBe(200);
    const session = lastCall('/v1/checkout/sessions');
    expect(session.get('discounts[0][coupon]')).toBe(made!.stripeCouponId);
    expect(session.get('discounts[0][promotion_code]')).toBeNull();
    expect(stand.checkout(reward.json().url.split('/').pop())).toMatchObject({ amount_total: 3600 });
  });
});
