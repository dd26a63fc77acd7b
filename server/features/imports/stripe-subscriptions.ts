import { sql } from 'drizzle-orm';
import type { StripeImportReason, StripePriceMappings } from '../../../common/imports/stripe-import-schemas';
import type { AppContext } from '../../platform/context';
import { conflict } from '../../platform/errors';
import { findTier } from '../tiers/queries';
import { isRunning, mirrorSubscription } from '../payments/events-subscriptions';
import { subscriptionTo } from '../subscriptions/queries';
import { connectedAccountOf, holdersOf, plansWithPrices } from './stripe-import-queries';
import { priceMatcher } from './stripe-matching';

export type KeptSubscriptions = {
  kept: Array<{ tierId: string; subscriptionId: string }>;
  skipped: Array<{ stripeSubscriptionId: string; reason: StripeImportReason }>;
};

/**
 * A member keeps, as a paying subscriber, the subscriptions their Stripe customer already has on
 * the facilitator's connected account: each live one whose Price names one of the facilitator's
 * plans (or was mapped to one) becomes Tend's subscription row through the same path as the
 * provider's subscription event (`mirrorSubscription`: status, period end, cancel at period end,
 * the provider's ids and the account it lives on, and the plan's group), so access follows the one
 * subscription rule and renewals arrive as Connect events. Nothing is charged. Running it again
 * changes nothing; a subscription another member holds is reported, not moved (the provider
 * subscription id is unique in Tend, and each is applied under its own lock).
 */
export async function keepPaidSubscriptions(
  ctx: AppContext,
  options: { facilitatorId: string; userId: string; stripeCustomerId: string; mappings?: StripePriceMappings },
): Promise<KeptSubscriptions> {
  const accountId = await connectedAccountOf(ctx.db, options.facilitatorId);
  if (!accountId) throw conflict('stripe_account_not_linked');
  // the provider is read before any transaction (PGlite has one connection)
  const remote = await ctx.payments.listCustomerSubscriptions(accountId, options.stripeCustomerId);
  const match = priceMatcher(await plansWithPrices(ctx.db, options.facilitatorId), options.mappings);
  const result: KeptSubscriptions = { kept: [], skipped: [] };
  for (const subscription of remote) {
    const plan = match(subscription);
    if (!plan) {
      result.skipped.push({ stripeSubscriptionId: subscription.id, reason: 'unmatched_price' });
      continue;
    }
    const outcome = await ctx.db.transaction(async (db) => {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`import:${subscription.id}`}, 0))`);
      const holder = (await holdersOf(db, [subscription.id])).get(subscription.id);
      if (holder && holder !== options.userId) return 'belongs_to_another_member' as const;
      const tier = await findTier(db, plan.id);
      if (!tier) return 'unmatched_price' as const;
      const held = await subscriptionTo(db, options.userId, tier.id);
      if (held && isRunning(held) && held.providerSubscriptionId !== subscription.id)
        return 'already_subscribed' as const;
      const applied = await mirrorSubscription(
        { ctx, db, reads: { remote: subscription }, afterCommit: [] },
        subscription,
        { userId: options.userId, tier, customerId: subscription.customer.id },
      );
      if (applied !== 'applied') return 'not_applied' as const;
      return (await subscriptionTo(db, options.userId, tier.id))!;
    });
    if (typeof outcome === 'string') result.skipped.push({ stripeSubscriptionId: subscription.id, reason: outcome });
    else result.kept.push({ tierId: outcome.tierId, subscriptionId: outcome.id });
  }
  return result;
}
