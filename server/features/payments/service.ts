import { and, desc, eq, or } from 'drizzle-orm';
import type { SubscriptionAnswer } from '../../../common/payments/schemas';
import { subscriptions, tiers, users, type Subscription, type Tier, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { AccountState, CheckoutCreated } from '../../platform/payments/provider';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { isActive, isEntitled } from '../subscriptions/service';
import { tierGroupFollows } from '../subscriptions/tier-group';
import { assertPaymentsEnabled, openCheckout } from './checkouts';

type Row = { subscription: Subscription; tier: Tier; facilitator: { id: string; name: string } };

export const presentMySubscription = ({ subscription: s, tier, facilitator }: Row): SubscriptionAnswer => ({
  _id: s.id,
  tier: {
    _id: tier.id,
    name: tier.name,
    type: tier.type,
    interval: tier.billingInterval,
    allowDirectMessaging: tier.allowDirectMessaging,
    thumbnail: tier.thumbnail,
  },
  facilitator: { _id: facilitator.id, name: facilitator.name },
  startDate: s.startDate,
  endDate: s.endDate ? s.endDate.toISOString() : null,
  cancelled: s.cancelled,
  price: s.priceCents / 100,
  isPaid: s.provider !== 'free',
  isActive: isActive(s),
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  renewsAt: s.provider !== 'free' && !s.cancelled && s.currentPeriodEnd ? s.currentPeriodEnd.toISOString() : null,
  stripeDetails: { status: s.status },
});

const mine = (ctx: AppContext) =>
  ctx.db
    .select({ subscription: subscriptions, tier: tiers, facilitator: { id: users.id, name: users.name } })
    .from(subscriptions)
    .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
    .innerJoin(users, eq(users.id, tiers.userId));

export const mySubscriptions = (ctx: AppContext, userId: string) =>
  mine(ctx).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt));

/** One of my subscriptions, by its id or by its tier's id (the result page knows the tier). */
export async function mySubscription(ctx: AppContext, userId: string, id: string) {
  const [row] = await mine(ctx)
    .where(and(eq(subscriptions.userId, userId), or(eq(subscriptions.id, id), eq(subscriptions.tierId, id))))
    .limit(1);
  if (!row) throw notFound('Subscription not found');
  return row;
}

/** spec 02 §2 free subscription dialogs: cancel and restart (paid ones go to the billing portal). */
export async function setFreeSubscriptionCancelled(ctx: AppContext, member: User, id: string, cancel: boolean) {
  const row = await mySubscription(ctx, member.id, id);
  if (row.subscription.provider !== 'free') throw badRequest('Paid subscriptions are managed in the billing portal.');
  await ctx.db
    .update(subscriptions)
    .set(
      cancel
        ? { cancelled: true, status: 'canceled', endDate: new Date() }
        : { cancelled: false, status: 'active', endDate: null },
    )
    .where(eq(subscriptions.id, row.subscription.id));
  await tierGroupFollows(ctx.db, {
    userId: member.id,
    tier: row.tier,
    hadAccess: isEntitled(row.subscription),
    hasAccess: !cancel,
  });
  return presentMySubscription(await mySubscription(ctx, member.id, id));
}

/** GET app/subscribe/{tierId}/create-checkout-session: the provider's hosted checkout. */
export async function startCheckout(ctx: AppContext, member: User, tier: Tier) {
  if (!tier.published) throw notFound('Plan not found');
  if (tier.userId === member.id) throw badRequest('You cannot subscribe to your own plan.');
  if (tier.priceCents === 0) throw badRequest('This plan is free: subscribe without checkout.');
  assertPaymentsEnabled(ctx);
  const [existing] = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, member.id), eq(subscriptions.tierId, tier.id)))
    .limit(1);
  if (existing && isEntitled(existing) && !existing.cancelled) throw badRequest('You already have this plan.');
  const [facilitator] = await ctx.db.select().from(users).where(eq(users.id, tier.userId));
  const base = ctx.config.publicUrl;
  const mode = tier.type === 'single' ? 'payment' : 'subscription';
  const checkout = await openCheckout(
    ctx,
    { tierId: tier.id },
    {
      mode,
      userId: member.id,
      email: member.email,
      customerId: member.stripeCustomerId,
      product: {
        key: `tier-${tier.id}`,
        name: tier.name,
        description: tier.description,
        amountCents: tier.priceCents,
        interval: tier.billingInterval,
        trialDays: mode === 'subscription' ? tier.trialDays : 0,
        productId: tier.stripeProductId,
        priceId: tier.stripePriceId,
      },
      successUrl: `${base}/subscription/${tier.id}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/subscription/${tier.id}/cancelled`,
      metadata: { userId: member.id, tierId: tier.id },
      destination: destinationOf(ctx, facilitator),
    },
  );
  if (checkout.reused) return { url: checkout.url };
  await rememberProviderIds(ctx, member, tier, checkout);
  return { url: checkout.url };
}

async function rememberProviderIds(ctx: AppContext, member: User, tier: Tier, checkout: CheckoutCreated) {
  if (checkout.customerId && checkout.customerId !== member.stripeCustomerId) {
    await ctx.db.update(users).set({ stripeCustomerId: checkout.customerId }).where(eq(users.id, member.id));
  }
  if (checkout.priceId && checkout.priceId !== tier.stripePriceId) {
    await ctx.db
      .update(tiers)
      .set({ stripePriceId: checkout.priceId, stripeProductId: checkout.productId ?? null })
      .where(eq(tiers.id, tier.id));
  }
}

/** Destination charges: the facilitator's share goes to their account once it can take charges. */
export const destinationOf = (ctx: AppContext, facilitator: User | undefined) =>
  facilitator?.stripeAccountId && facilitator.stripeChargesEnabled
    ? { accountId: facilitator.stripeAccountId, feePercent: ctx.config.platformFeePercent }
    : undefined;

export async function billingPortal(ctx: AppContext, member: User, rd: 'subscriptions' | 'settings') {
  assertPaymentsEnabled(ctx);
  // 'Add payment details' (spec 02 §2 Settings) for a member who never paid: create their customer first
  let customerId = member.stripeCustomerId;
  if (!customerId) {
    customerId = await ctx.payments.createCustomer(member);
    await ctx.db.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, member.id));
  }
  return { url: await ctx.payments.billingPortalUrl(customerId, `${ctx.config.publicUrl}/${rd}`) };
}

/**
 * GET app/link-facilitator-bank-account: a fresh onboarding link each time (they are single use;
 * Stripe sends an expired one back to /settings/payouts/refresh, which asks for a new one here).
 */
export async function linkBankAccount(ctx: AppContext, facilitator: User) {
  if (!facilitator.isFacilitator) throw forbidden('Only facilitators link a bank account');
  assertPaymentsEnabled(ctx);
  const base = ctx.config.publicUrl;
  const link = await ctx.payments.connectOnboardingUrl(
    { id: facilitator.id, email: facilitator.email, accountId: facilitator.stripeAccountId },
    `${base}/settings?payouts=return`,
    `${base}/settings/payouts/refresh`,
  );
  if (link.accountId !== facilitator.stripeAccountId) {
    await ctx.db.update(users).set({ stripeAccountId: link.accountId }).where(eq(users.id, facilitator.id));
  }
  return { url: link.url };
}

/** Back from onboarding (or Settings opened): the account is read back from the provider, not trusted to a webhook. */
export async function refreshPayoutAccount(ctx: AppContext, facilitator: User) {
  if (!facilitator.isFacilitator) throw forbidden('Only facilitators link a bank account');
  if (!facilitator.stripeAccountId) return presentPayouts(facilitator);
  const account = await ctx.payments.retrieveAccount(facilitator.stripeAccountId);
  const [updated] = await ctx.db
    .update(users)
    .set(payoutColumns(account))
    .where(eq(users.id, facilitator.id))
    .returning();
  return presentPayouts(updated!);
}

/** A connected account's state as the provider reports it, on the facilitator's row. */
export const payoutColumns = (account: AccountState) => ({
  stripeDetailsSubmitted: account.detailsSubmitted,
  stripeChargesEnabled: account.chargesEnabled,
  stripePayoutsEnabled: account.payoutsEnabled,
  stripeRequirementsDue: account.requirementsDue,
});

export async function loginLink(ctx: AppContext, facilitator: User) {
  if (!facilitator.stripeAccountId) throw badRequest('Link a bank account first.');
  return { url: await ctx.payments.loginLink(facilitator.stripeAccountId) };
}

export const payoutStatus = (u: User) =>
  !u.stripeAccountId ? 'not_linked' : u.stripeDetailsSubmitted && u.stripeChargesEnabled ? 'linked' : 'incomplete';

/** The payout state Settings and the dashboard show: what works and what Stripe still needs. */
export const presentPayouts = (u: User) => ({
  status: payoutStatus(u),
  chargesEnabled: u.stripeChargesEnabled,
  payoutsEnabled: u.stripePayoutsEnabled,
  requirementsDue: u.stripeRequirementsDue,
});
