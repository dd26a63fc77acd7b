import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { memberImportRows, subscriptions, tierPrices } from '../../db/schema';
import { waitFor } from '../../platform/jobs/test/wait-for';
import type { TestModeProvider } from '../../platform/payments/test-mode';
import { buildFacilitator, buildTier } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { uploadCsv } from './testing/upload';

/**
 * A CSV row naming a Stripe customer: the import job links it through the app's own linker, so
 * the member keeps the paid subscription held on the facilitator's (test-mode) connected account.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('an imported row with a Stripe customer id', () => {
  it('keeps the customer’s paid subscription (matched by price) as a paying subscription, and says so in the report', async () => {
    const accountId = 'acct_test_csv_link';
    const owner = await buildFacilitator(t.db, { stripeAccountId: accountId, stripeDetailsSubmitted: true });
    const tier = await buildTier(t.db, owner.user.id, { name: 'Evening Rest', price: 12 });
    const payments = t.app.ctx.payments as TestModeProvider;
    const held = await payments.addAccountSubscription(accountId, {
      customerEmail: 'rowan.csv@example.test',
      customerName: 'Rowan',
      amountCents: 1200,
      interval: 'month',
      priceId: 'price_csv_evening',
      productName: 'Evening Rest',
    });
    // the tier's monthly price is the one the subscription bills, so it matches without a mapping
    await t.db.update(tierPrices).set({ stripePriceId: 'price_csv_evening' }).where(eq(tierPrices.tierId, tier.id));
    const [live] = await payments.listCustomerSubscriptions(accountId, held.customer.id);
    expect(live?.id).toBe(held.id);

    const csv = `email,name,stripe_customer_id\nrowan.csv@example.test,Rowan,${held.customer.id}\n`;
    const imp = (await uploadCsv(t.app, owner.token, csv)).json();
    const run = await call(
      t.app,
      'POST',
      `/api/app/member-imports/${imp._id}/run`,
      { columns: ['email', 'name', 'stripeCustomerId'], mail: 'none' },
      owner.token,
    );
    expect(run.statusCode, run.body).toBe(200);
    await waitFor(
      'the import to finish',
      async () => {
        const now = (await call(t.app, 'GET', `/api/app/member-imports/${imp._id}`, undefined, owner.token)).json();
        return now.status === 'done' ? now : undefined;
      },
      30_000,
    );

    const [row] = await t.db.select().from(memberImportRows).where(eq(memberImportRows.importId, imp._id));
    expect(row!.reason).toMatch(/Stripe customer linked; 1 paid subscription kept/);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, held.id));
    expect(sub).toMatchObject({
      userId: row!.userId,
      tierId: tier.id,
      provider: 'test',
      status: 'active',
      providerAccountId: accountId,
    });
  });
});
