import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { revenueEntries, subscriptions, tierPrices, users } from '../../db/schema';
import { buildContent, buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { signatureFor, stripeEvent, stripeStandIn } from '../../test/stripe-stand-in';
import { keepPaidSubscriptions } from './stripe-subscriptions';

/**
 * A facilitator's paying subscribers on their own Stripe account (their connected account in
 * Tend) keep their access without paying again, against the stand-in for Stripe's API.
 */
const CONNECT_SECRET = 'whsec_connect_secret';
let t: TestApp;
const stand = stripeStandIn();

beforeAll(async () => {
  t = await startTestApp({
    stripeSecretKey: 'sk_test_tend',
    stripeWebhookSecret: 'whsec_platform_secret',
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

/** A facilitator whose Stripe account is linked, with a plan whose monthly price Tend knows by the account's Price id. */
async function facilitatorWithPlan() {
  const accountId = uid('acct');
  const facilitator = await buildFacilitator(t.db, { stripeAccountId: accountId, stripeChargesEnabled: true });
  const tier = await buildTier(t.db, facilitator.user.id, {
    name: 'Deep Practice',
    price: 15,
    releaseAllContent: true,
  });
  const priceId = uid('price');
  await t.db.update(tierPrices).set({ stripePriceId: priceId }).where(eq(tierPrices.tierId, tier.id));
  return { facilitator, tier, accountId, priceId };
}

function subscriberOn(accountId: string, priceId: string, email: string, productName = 'Deep Practice') {
  const subscriptionId = uid('sub');
  const customerId = uid('cus');
  stand.setAccountSubscription(accountId, subscriptionId, {
    customer: { id: customerId, email, name: 'Sam Rivers' },
    price: { id: priceId, amount: 1500, interval: 'month', productName },
  });
  return { subscriptionId, customerId };
}

function deliverConnect(event: Record<string, unknown>) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/connect-webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signatureFor(payload, CONNECT_SECRET) },
    payload,
  });
}

const rowOf = async (providerId: string) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerId)))[0];

describe('bringing Stripe subscribers over', () => {
  it('keeps an active subscriber paying: access now, nothing changed by a second run, renewed and ended by Connect events', async () => {
    const { facilitator, tier, accountId, priceId } = await facilitatorWithPlan();
    const item = await buildContent(t.db, facilitator.user.id, [tier.id], {
      queued: false,
      postedDate: new Date(Date.now() - 3_600_000),
    });
    const email = `${uid('sam')}@example.com`;
    const member = await buildUser(t.db, { email });
    const { subscriptionId } = subscriberOn(accountId, priceId, email);
    expect(
      (await call(t.app, 'GET', `/api/app/playback-position/${item.id}`, undefined, member.token)).statusCode,
    ).not.toBe(200);

    const preview = await call(
      t.app,
      'GET',
      '/api/app/facilitator/imports/stripe/preview',
      undefined,
      facilitator.token,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().rows).toEqual([
      expect.objectContaining({ stripeSubscriptionId: subscriptionId, email, tierId: tier.id, existingAccount: true }),
    ]);
    expect(preview.json().unmatchedPrices).toEqual([]);
    // the list went to the facilitator's account, customers expanded
    const list = stand.calls('/v1/subscriptions', 'GET').at(-1)!;
    expect(list.headers['stripe-account']).toBe(accountId);

    const run = await call(t.app, 'POST', '/api/app/facilitator/imports/stripe', { mappings: {} }, facilitator.token);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().kept).toEqual([expect.objectContaining({ email, tierId: tier.id, newAccount: false })]);
    const kept = await rowOf(subscriptionId);
    expect(kept).toMatchObject({
      userId: member.user.id,
      tierId: tier.id,
      status: 'active',
      provider: 'stripe',
      providerAccountId: accountId,
      cancelAtPeriodEnd: false,
    });
    expect(kept!.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now());
    expect(
      (await call(t.app, 'GET', `/api/app/playback-position/${item.id}`, undefined, member.token)).statusCode,
    ).toBe(200);

    // a second run changes nothing
    const again = await call(t.app, 'POST', '/api/app/facilitator/imports/stripe', {}, facilitator.token);
    expect(again.json().kept).toEqual(run.json().kept);
    expect(await rowOf(subscriptionId)).toEqual(kept);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, member.user.id))).toHaveLength(1);

    // Stripe renews it on the facilitator's account: invoice.paid on the Connect endpoint
    stand.renewSubscription(subscriptionId);
    const invoiceId = uid('in');
    stand.setInvoicePayment(invoiceId, uid('pi'));
    const paid = await deliverConnect(
      stripeEvent(uid('evt'), 'invoice.paid', stand.invoice(invoiceId, subscriptionId, 1500), { account: accountId }),
    );
    expect(paid.json()).toEqual({ received: true, result: 'applied' });
    const renewed = await rowOf(subscriptionId);
    expect(renewed!.currentPeriodEnd!.getTime()).toBeGreaterThan(kept!.currentPeriodEnd!.getTime() + 29 * 86_400_000);
    const retrieve = stand.calls(`/v1/subscriptions/${subscriptionId}`, 'GET').at(-1)!;
    expect(retrieve.headers['stripe-account']).toBe(accountId);
    // the money stayed on the facilitator's account: revenue with no Tend fee
    const [entry] = await t.db.select().from(revenueEntries).where(eq(revenueEntries.sourceId, invoiceId));
    expect(entry).toMatchObject({ amountCents: 1500, feeCents: 0, memberId: member.user.id, tierId: tier.id });

    // a cancel from Tend goes to the account the subscription lives on
    const cancel = await call(
      t.app,
      'GET',
      `/api/app/stripe-billing-portal?rd=subscriptions&subscription=${kept!.id}`,
      undefined,
      member.token,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(stand.calls('/v1/billing_portal/sessions').at(-1)!.headers['stripe-account']).toBe(accountId);

    // deleted at Stripe: access ends
    stand.subscription(subscriptionId)!.status = 'canceled';
    const deleted = await deliverConnect(
      stripeEvent(uid('evt'), 'customer.subscription.deleted', stand.subscription(subscriptionId)!, {
        account: accountId,
      }),
    );
    expect(deleted.json()).toEqual({ received: true, result: 'applied' });
    expect(await rowOf(subscriptionId)).toMatchObject({ status: 'canceled', cancelled: true });
    expect(
      (await call(t.app, 'GET', `/api/app/playback-position/${item.id}`, undefined, member.token)).statusCode,
    ).not.toBe(200);
  });

  it('makes the account of a new address, and reports a price no plan names until the facilitator maps it', async () => {
    const { facilitator, tier, accountId } = await facilitatorWithPlan();
    const email = `${uid('new')}@example.com`;
    const oldPrice = uid('price_old');
    const { subscriptionId } = subscriberOn(accountId, oldPrice, email, 'Old Membership');

    const preview = (
      await call(t.app, 'GET', '/api/app/facilitator/imports/stripe/preview', undefined, facilitator.token)
    ).json();
    expect(preview.rows[0]).toMatchObject({ tierId: null, reason: 'unmatched_price', existingAccount: false });
    expect(preview.unmatchedPrices).toEqual([
      { priceId: oldPrice, amountCents: 1500, interval: 'month', productName: 'Old Membership', subscriptions: 1 },
    ]);
    expect(preview.plans).toEqual([{ id: tier.id, name: 'Deep Practice' }]);
    const unmapped = await call(t.app, 'POST', '/api/app/facilitator/imports/stripe', {}, facilitator.token);
    expect(unmapped.json()).toEqual({
      kept: [],
      skipped: [{ stripeSubscriptionId: subscriptionId, email, reason: 'unmatched_price' }],
    });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const mappings = { [oldPrice]: tier.id };
    const mappedPreview = await call(
      t.app,
      'GET',
      `/api/app/facilitator/imports/stripe/preview?mappings=${encodeURIComponent(JSON.stringify(mappings))}`,
      undefined,
      facilitator.token,
    );
    expect(mappedPreview.json().rows[0]).toMatchObject({ tierId: tier.id, tierName: 'Deep Practice' });
    expect(mappedPreview.json().rows[0].reason).toBeUndefined();
    const mapped = await call(t.app, 'POST', '/api/app/facilitator/imports/stripe', { mappings }, facilitator.token);
    expect(mapped.json().kept).toEqual([expect.objectContaining({ email, tierId: tier.id, newAccount: true })]);
    const [made] = await t.db.select().from(users).where(eq(users.email, email));
    expect(made).toMatchObject({ name: 'Sam Rivers' });
    expect(await rowOf(subscriptionId)).toMatchObject({ userId: made!.id, status: 'active', priceCents: 1500 });
  });

  it('reports a subscription another member holds and never moves it', async () => {
    const { facilitator, tier, accountId, priceId } = await facilitatorWithPlan();
    const holder = await buildUser(t.db);
    const email = `${uid('other')}@example.com`;
    const other = await buildUser(t.db, { email });
    const { subscriptionId, customerId } = subscriberOn(accountId, priceId, email);
    await keepPaidSubscriptions(t.app.ctx, {
      facilitatorId: facilitator.user.id,
      userId: holder.user.id,
      stripeCustomerId: customerId,
    });
    expect((await rowOf(subscriptionId))!.userId).toBe(holder.user.id);

    const preview = (
      await call(t.app, 'GET', '/api/app/facilitator/imports/stripe/preview', undefined, facilitator.token)
    ).json();
    expect(preview.rows[0]).toMatchObject({ reason: 'belongs_to_another_member', tierId: tier.id });
    const moved = await keepPaidSubscriptions(t.app.ctx, {
      facilitatorId: facilitator.user.id,
      userId: other.user.id,
      stripeCustomerId: customerId,
    });
    expect(moved).toEqual({
      kept: [],
      skipped: [{ stripeSubscriptionId: subscriptionId, reason: 'belongs_to_another_member' }],
    });
    expect((await rowOf(subscriptionId))!.userId).toBe(holder.user.id);
  });

  it('reads every page of a large account', async () => {
    const { facilitator, accountId, priceId } = await facilitatorWithPlan();
    for (let i = 0; i < 105; i++) subscriberOn(accountId, priceId, `${uid('page')}@example.com`);
    const preview = await call(
      t.app,
      'GET',
      '/api/app/facilitator/imports/stripe/preview',
      undefined,
      facilitator.token,
    );
    expect(preview.json().rows).toHaveLength(105);
    const pages = stand.calls('/v1/subscriptions', 'GET').filter((r) => r.headers['stripe-account'] === accountId);
    expect(pages.map((r) => new URL(`http://x${r.path}`).pathname)).toHaveLength(2);
  });

  it('is for facilitators only, their own plans, and a linked account', async () => {
    const { facilitator } = await facilitatorWithPlan();
    const member = await buildUser(t.db);
    const url = '/api/app/facilitator/imports/stripe';
    expect((await call(t.app, 'GET', `${url}/preview`, undefined, member.token)).statusCode).toBe(403);
    expect((await call(t.app, 'POST', url, {}, member.token)).statusCode).toBe(403);
    expect((await call(t.app, 'POST', url, {})).statusCode).toBe(401);
    const stranger = await buildFacilitator(t.db);
    const theirs = await buildTier(t.db, stranger.user.id, { price: 9 });
    const foreign = await call(t.app, 'POST', url, { mappings: { price_x: theirs.id } }, facilitator.token);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe('stripe_import_tier_not_yours');
    const unlinked = await call(t.app, 'GET', `${url}/preview`, undefined, stranger.token);
    expect(unlinked.statusCode).toBe(409);
    expect(unlinked.json().error).toBe('stripe_account_not_linked');
  });
});
