import { and, desc, eq, or } from 'drizzle-orm';
import type { SubscriptionAnswer } from '../../../common/payments/schemas';
import { subscriptions, tiers, users, type Subscription, type Tier, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { isActive, isEntitled } from '../subscriptions/service';

type Row = { subscription: Subscription; tier: Tier; facilitator: { id: string; name: string } };

export const presentMySubscription = ({ subscription: s, tier, facilitator }: Row): SubscriptionAnswer => ({
  _id: s.id,
  tier: { _id: tier.id, name: tier.name, type: tier.type, interval: tier.billingInterval, allowDirectMessaging: tier.allowDirectMessaging, thumbnail: tier.thumbnail },
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
    .set(cancel ? { cancelled: true, status: 'canceled', endDate: new Date() } : { cancelled: false, status: 'active', endDate: null })
    .where(eq(subscriptions.id, row.subscription.id));
  return presentMySubscription(await mySubscription(ctx, member.id, id));
}

/** GET app/subscribe/{tierId}/create-checkout-session: the provider's hosted checkout. */
export async function startCheckout(ctx: AppContext, member: User, tier: Tier) {
  if (!tier.published) throw notFound('Plan not found');
  if (tier.userId === member.id) throw badRequest('You cannot subscribe to your own plan.');
  if (tier.priceCents === 0) throw badRequest('This plan is free: subscribe without checkout.');
  const [existing] = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, member.id), eq(subscriptions.tierId, tier.id)))
    .limit(1);
  if (existing && isEntitled(existing) && !existing.cancelled) throw badRequest('You already have this plan.');
  const [facilitator] = await ctx.db.select().from(users).where(eq(users.id, tier.userId));
  const base = ctx.config.publicUrl;
  const mode = tier.type === 'single' ? 'payment' : 'subscription';
  const checkout = await ctx.payments.createCheckout({
    mode,
    userId: member.id,
    email: member.email,
    customerId: member.stripeCustomerId,
    product: { name: tier.name, description: tier.description, amountCents: tier.priceCents, productId: tier.stripeProductId, priceId: tier.stripePriceId },
    successUrl: `${base}/subscription/${tier.id}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${base}/subscription/${tier.id}/cancelled`,
    metadata: { userId: member.id, tierId: tier.id },
    destination:
      facilitator?.stripeAccountId && facilitator.stripeChargesEnabled
        ? { accountId: facilitator.stripeAccountId, feePercent: ctx.config.platformFeePercent }
        : undefined,
  });
  if (checkout.customerId && checkout.customerId !== member.stripeCustomerId) {
    await ctx.db.update(users).set({ stripeCustomerId: checkout.customerId }).where(eq(users.id, member.id));
  }
  if (checkout.priceId && checkout.priceId !== tier.stripePriceId) {
    await ctx.db.update(tiers).set({ stripePriceId: checkout.priceId, stripeProductId: checkout.productId ?? null }).where(eq(tiers.id, tier.id));
  }
  return { url: checkout.url };
}

export async function billingPortal(ctx: AppContext, member: User, rd: 'subscriptions' | 'settings') {
  // 'Add payment details' (spec 02 §2 Settings) for a member who never paid: create their customer first
  let customerId = member.stripeCustomerId;
  if (!customerId) {
    customerId = await ctx.payments.createCustomer(member);
    await ctx.db.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, member.id));
  }
  return { url: await ctx.payments.billingPortalUrl(customerId, `${ctx.config.publicUrl}/${rd}`) };
}

export async function linkBankAccount(ctx: AppContext, facilitator: User) {
  if (!facilitator.isFacilitator) throw forbidden('Only facilitators link a bank account');
  const base = ctx.config.publicUrl;
  const link = await ctx.payments.connectOnboardingUrl(
    { id: facilitator.id, email: facilitator.email, accountId: facilitator.stripeAccountId },
    `${base}/settings`,
    `${base}/settings`,
  );
  if (link.accountId !== facilitator.stripeAccountId) {
    await ctx.db.update(users).set({ stripeAccountId: link.accountId }).where(eq(users.id, facilitator.id));
  }
  return { url: link.url };
}

export async function loginLink(ctx: AppContext, facilitator: User) {
  if (!facilitator.stripeAccountId) throw badRequest('Link a bank account first.');
  return { url: await ctx.payments.loginLink(facilitator.stripeAccountId) };
}

export const payoutStatus = (u: User) =>
  !u.stripeAccountId ? 'not_linked' : u.stripeDetailsSubmitted && u.stripeChargesEnabled ? 'linked' : 'incomplete';

