import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import type { TestModeProvider } from '../../platform/payments/test-mode';
import { buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

/** The same import in test mode: existing subscriptions held on the facilitator's test account. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('bringing subscribers over in test mode', () => {
  it('lists the account’s existing subscriptions, keeps them, and a renewal moves the period on', async () => {
    const accountId = 'acct_test_moving_in';
    const facilitator = await buildFacilitator(t.db, { stripeAccountId: accountId, stripeDetailsSubmitted: true });
    const tier = await buildTier(t.db, facilitator.user.id, { name: 'Evening Rest', price: 12 });
    const member = await buildUser(t.db, { email: 'ana.moving@example.com' });
    const payments = t.app.ctx.payments as TestModeProvider;
    const existing = await payments.addAccountSubscription(accountId, {
      customerEmail: 'Ana.Moving@example.com',
      customerName: 'Ana',
      amountCents: 1200,
      interval: 'month',
      priceId: 'price_old_evening',
      productName: 'Evening Rest (old site)',
    });
    // someone else's account holds nothing of it
    expect(await payments.listAccountSubscriptions('acct_test_other')).toEqual([]);

    const preview = (
      await call(t.app, 'GET', '/api/app/facilitator/imports/stripe/preview', undefined, facilitator.token)
    ).json();
    expect(preview.unmatchedPrices).toEqual([
      expect.objectContaining({ priceId: 'price_old_evening', productName: 'Evening Rest (old site)' }),
    ]);
    const mappings = { price_old_evening: tier.id };
    const run = await call(t.app, 'POST', '/api/app/facilitator/imports/stripe', { mappings }, facilitator.token);
    expect(run.json().kept).toEqual([expect.objectContaining({ email: 'ana.moving@example.com', newAccount: false })]);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, existing.id));
    expect(row).toMatchObject({
      userId: member.user.id,
      provider: 'test',
      status: 'active',
      providerAccountId: accountId,
    });
    const again = await call(t.app, 'POST', '/api/app/facilitator/imports/stripe', { mappings }, facilitator.token);
    expect(again.json().kept).toEqual(run.json().kept);

    await payments.renew(existing.id);
    const [renewed] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, row!.id));
    expect(renewed!.currentPeriodEnd!.getTime()).toBeGreaterThan(row!.currentPeriodEnd!.getTime());
    await payments.cancelSubscription(existing.id, { now: true, accountId });
    const [ended] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, row!.id));
    expect(ended).toMatchObject({ status: 'canceled', cancelled: true });
  });
});
