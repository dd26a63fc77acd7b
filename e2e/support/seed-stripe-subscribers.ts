import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../server/platform/context';
import type { TestModeProvider } from '../../server/platform/payments/test-mode';
import { buildFacilitator, buildTier } from '../../server/test/factories';

/** A facilitator with a linked test account holding two members' subscriptions from before Tend, one plan to map them to. */
export async function seedStripeSubscribers(ctx: AppContext) {
  const accountId = `acct_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const facilitator = await buildFacilitator(ctx.db, {
    name: `Guide ${randomUUID().slice(0, 4)}`,
    stripeAccountId: accountId,
    stripeDetailsSubmitted: true,
  });
  const tier = await buildTier(ctx.db, facilitator.user.id, { name: 'Evening Rest', price: 12 });
  const payments = ctx.payments as TestModeProvider;
  for (const name of ['Ana', 'Ben'])
    await payments.addAccountSubscription(accountId, {
      customerEmail: `${name.toLowerCase()}.${randomUUID().slice(0, 6)}@example.com`,
      customerName: name,
      amountCents: 1200,
      interval: 'month',
      priceId: `price_old_${accountId}`,
      productName: 'Evening circle (old site)',
    });
  return { email: facilitator.user.email, password: facilitator.password, tierName: tier.name };
}
