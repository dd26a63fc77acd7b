import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { BillingInterval } from '../../../common/tiers/intervals';
import { tierPrices, tiers, type User } from '../../db/schema';
import { authorize } from '../../platform/authorize';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { canSwitchInterval } from '../subscriptions/policy';
import { presentMySubscription } from '../subscriptions/presenter';
import { loadMySubscription } from '../subscriptions/service';
import { choosePrice, ensurePrices } from '../tiers/prices';
import { assertPaymentsEnabled } from './checkouts';
import { handlePaymentEvent } from './events';

/**
 * POST app/subscriptions/{id}/interval: the member moves their running paid subscription to the
 * tier's price of another interval. The provider changes the subscription's item (prorated as it
 * does by default) and Tend's row then follows the provider's subscription, read back through the
 * same path as its event, never written from what was asked. Another member's subscription is 404.
 */
export async function switchInterval(ctx: AppContext, member: User, id: string, interval: BillingInterval) {
  const row = await loadMySubscription(ctx, member.id, id);
  const { subscription: sub, tier } = row;
  assertPaymentsEnabled(ctx);
  // a subscription of the other provider (test mode's after Stripe was set up) cannot be changed here
  authorize(canSwitchInterval(member, sub) && sub.provider === ctx.payments.kind, () => badRequest('not_switchable'));
  const target = choosePrice(await ensurePrices(ctx.db, tier), interval);
  const currentInterval = sub.billingInterval ?? tier.billingInterval;
  if (target.interval === currentInterval && target.amountCents === sub.priceCents) throw badRequest('same_price');
  const providerId = sub.providerSubscriptionId!;
  const made = await ctx.payments.changeSubscriptionPrice(
    providerId,
    {
      key: `tier-${tier.id}`,
      name: tier.name,
      description: tier.description,
      productId: tier.stripeProductId,
      priceId: target.stripePriceId,
      amountCents: target.amountCents,
      interval: target.interval,
    },
    { accountId: sub.providerAccountId },
  );
  if (made.productId && made.productId !== tier.stripeProductId)
    await ctx.db.update(tiers).set({ stripeProductId: made.productId }).where(eq(tiers.id, tier.id));
  if (made.priceId && made.priceId !== target.stripePriceId)
    await ctx.db
      .update(tierPrices)
      .set({ stripePriceId: made.priceId })
      .where(and(eq(tierPrices.id, target.id), eq(tierPrices.amountCents, target.amountCents)));
  // the provider's subscription as it is now, applied as its change event would be
  await handlePaymentEvent(ctx, {
    id: `tend_switch_${randomUUID()}`,
    type: 'subscription.changed',
    subscriptionId: providerId,
  });
  return presentMySubscription(await loadMySubscription(ctx, member.id, sub.id));
}
