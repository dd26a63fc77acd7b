import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { PayoutsAnswer } from '../../../common/payments/money-schemas';
import { revenueEntries, testProviderPayouts } from '../../db/schema';
import { buildAdmin, buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { stripeStandIn } from '../../test/stripe-stand-in';

/** The payouts card's balance: Stripe's Balance and balance transactions, or test mode's ledger. */
let stripe: TestApp;
let testMode: TestApp;
const stand = stripeStandIn();

beforeAll(async () => {
  stripe = await startTestApp({
    stripeSecretKey: 'sk_test_tend',
    stripeWebhookSecret: 'whsec_platform',
    stripeConnectWebhookSecret: 'whsec_connect',
    stripeApi: await stand.listen(),
  });
  testMode = await startTestApp();
});
afterAll(async () => {
  await stripe.close();
  await testMode.close();
  await stand.close();
});

const payouts = async (app: TestApp, token?: string) =>
  call(app.app, 'GET', '/api/app/facilitator/payouts', undefined, token);

describe('the balance with Stripe', () => {
  it("reads the connected account's Balance and sums its balance transactions for paid out and fees", async () => {
    const accountId = `acct_${randomUUID().slice(0, 8)}`;
    const maya = await buildFacilitator(stripe.db, { stripeAccountId: accountId, stripeChargesEnabled: true });
    stand.setBalance(accountId, {
      available: 12_550,
      pending: 4_000,
      transactions: [
        { id: 'txn_4', type: 'payout', amount: -10_000, fee: 0 },
        { id: 'txn_3', type: 'payout_failure', amount: 2_500, fee: 0 },
        { id: 'txn_2', type: 'payout', amount: -2_500, fee: 0 },
        { id: 'txn_1', type: 'payment', amount: 5_000, fee: 175 },
        { id: 'txn_0', type: 'charge', amount: 20_000, fee: 610 },
      ],
    });
    const res = await payouts(stripe, maya.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(PayoutsAnswer.parse(res.json()).balance).toEqual({
      available: 125.5,
      pending: 40,
      paidOut: 100,
      fees: 7.85,
    });
    const asked = stand.calls('/v1/balance', 'GET').at(-1)!;
    expect(asked.headers['stripe-account']).toBe(accountId);
    expect(stand.calls('/v1/balance_transactions', 'GET').at(-1)!.headers['stripe-account']).toBe(accountId);
  });

  it('has no balance before an account is linked, and refuses members, admins (403) and visitors (401)', async () => {
    const fresh = await buildFacilitator(stripe.db);
    expect((await payouts(stripe, fresh.token)).json()).toEqual({ linked: false, payouts: [] });
    expect((await payouts(stripe)).statusCode).toBe(401);
    expect((await payouts(stripe, (await buildUser(stripe.db)).token)).statusCode).toBe(403);
    expect((await payouts(stripe, (await buildAdmin(stripe.db)).token)).statusCode).toBe(403);
  });
});

describe('the balance in test mode', () => {
  it("computes the same figures from test mode's own ledger", async () => {
    const accountId = `acct_test_${randomUUID().slice(0, 8)}`;
    const maya = await buildFacilitator(testMode.db, { stripeAccountId: accountId, stripeChargesEnabled: true });
    const member = await buildUser(testMode.db);
    const entry = (amountCents: number, feeCents: number, daysAgo: number) => ({
      facilitatorId: maya.user.id,
      tierName: 'Deep Practice',
      amountCents,
      feeCents,
      memberId: member.user.id,
      sourceId: `src_${randomUUID()}`,
      occurredAt: new Date(Date.now() - daysAgo * 86_400_000),
    });
    await testMode.db
      .insert(revenueEntries)
      .values([entry(10_000, 1_000, 10), entry(5_000, 500, 5), entry(2_000, 200, 0)]);
    const arrival = Math.floor(Date.now() / 1000) - 86_400;
    await testMode.db.insert(testProviderPayouts).values([
      { id: `po_${randomUUID().slice(0, 8)}`, accountId, amountCents: 6_000, arrivalDate: arrival, status: 'paid' },
      { id: `po_${randomUUID().slice(0, 8)}`, accountId, amountCents: 999, arrivalDate: arrival, status: 'failed' },
    ]);
    const answer = PayoutsAnswer.parse((await payouts(testMode, maya.token)).json());
    // share 9,000 + 4,500 + 1,800 = 15,300; the last 2 days' 1,800 pending; 6,000 paid out
    expect(answer.balance).toEqual({ available: 75, pending: 18, paidOut: 60, fees: 17 });
  });
});
