import { and, eq } from 'drizzle-orm';
import type { BillingInterval } from '../../../common/tiers/intervals';
import { offers, tierPrices, tiers, users, type Tier, type TierPrice, type User } from '../../db/schema';
import { authorize } from '../../platform/authorize';
import type { AppContext } from '../../platform/context';
import { badRequest, forbidden } from '../../platform/errors';
import type { AccountState, CheckoutCreated } from '../../platform/payments/provider';
import { offerForCheckout } from '../offers/service';
import { rewardForCheckout } from '../referrals/rewards';
import { subscriptionTo } from '../subscriptions/queries';
import { isEntitled } from '../subscriptions/entitlement';
import { authorizeSubscribe, loadMySubscription } from '../subscriptions/service';
import { choosePrice, ensurePrices } from '../tiers/prices';
import { canUseMoneyTools } from './policy';
import { assertCanTakePayments, assertPaymentsEnabled, openCheckout } from './checkouts';
import { presentPayouts } from './presenter';

/**
 * GET app/subscribe/{tierId}/create-checkout-session: the provider's hosted checkout, of the
 * subscription's price for `interval` (its default price when absent; a course has its one price),
 * with an offer's code when one is given.
 */
export async function startCheckout(
  ctx: AppContext,
  member: User,
  tier: Tier,
  opts: { offer?: string; interval?: BillingInterval } = {},
) {
  authorizeSubscribe(member, tier);
  if (tier.priceCents === 0) throw badRequest('plan_is_free');
  const price = tier.type === 'subscription' ? choosePrice(await ensurePrices(ctx.db, tier), opts.interval) : undefined;
  assertPaymentsEnabled(ctx);
  const existing = await subscriptionTo(ctx.db, member.id, tier.id);
  // a gift's months may be followed by the paid plan at any time: the plan starts now and replaces the gift
  if (existing && isEntitled(existing) && !existing.cancelled && existing.provider !== 'gift')
    throw badRequest('plan_already_held');
  // a member who earned this offer as a referral reward redeems it through the reward, once
  const reward = opts.offer ? await rewardForCheckout(ctx, member, tier, opts.offer) : undefined;
  const offer = reward ? reward.offer : opts.offer ? await offerForCheckout(ctx, tier, opts.offer) : undefined;
  const [facilitator] = await ctx.db.select().from(users).where(eq(users.id, tier.userId));
  assertCanTakePayments(ctx, facilitator);
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
        amountCents: price?.amountCents ?? tier.priceCents,
        interval: price?.interval ?? tier.billingInterval,
        trialDays: mode === 'subscription' ? tier.trialDays : 0,
        productId: tier.stripeProductId,
        priceId: price ? price.stripePriceId : tier.stripePriceId,
      },
      successUrl: `${base}/subscription/${tier.id}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/subscription/${tier.id}/cancelled`,
      // the price chosen travels with the checkout, so its subscription records it
      metadata: {
        userId: member.id,
        tierId: tier.id,
        ...(price ? { tierPriceId: price.id, interval: price.interval } : {}),
      },
      destination: destinationOf(ctx, facilitator),
    },
    offer,
    reward?.referralId,
  );
  if (checkout.reused) return { url: checkout.url };
  await rememberProviderIds(ctx, member, tier, checkout, price);
  if (offer && checkout.stripePromotionCodeId && checkout.stripePromotionCodeId !== offer.stripePromotionCodeId)
    await ctx.db
      .update(offers)
      .set({ stripeCouponId: checkout.stripeCouponId ?? null, stripePromotionCodeId: checkout.stripePromotionCodeId })
      .where(eq(offers.id, offer.id));
  return { url: checkout.url };
}

async function rememberProviderIds(
  ctx: AppContext,
  member: User,
  tier: Tier,
  checkout: CheckoutCreated,
  price: TierPrice | undefined,
) {
  if (checkout.customerId && checkout.customerId !== member.stripeCustomerId) {
    await ctx.db.update(users).set({ stripeCustomerId: checkout.customerId }).where(eq(users.id, member.id));
  }
  if (checkout.productId && checkout.productId !== tier.stripeProductId) {
    await ctx.db.update(tiers).set({ stripeProductId: checkout.productId }).where(eq(tiers.id, tier.id));
  }
  if (!checkout.priceId) return;
  // each price keeps its own provider Price (a course's is the tier's)
  if (price && checkout.priceId !== price.stripePriceId) {
    await rememberPriceId(ctx, price, checkout.priceId);
  } else if (!price && checkout.priceId !== tier.stripePriceId) {
    await ctx.db.update(tiers).set({ stripePriceId: checkout.priceId }).where(eq(tiers.id, tier.id));
  }
}

/** A price's provider Price, kept unless its amount changed meanwhile (then the next checkout makes one). */
const rememberPriceId = (ctx: AppContext, price: TierPrice, providerPriceId: string) =>
  ctx.db
    .update(tierPrices)
    .set({ stripePriceId: providerPriceId })
    .where(and(eq(tierPrices.id, price.id), eq(tierPrices.amountCents, price.amountCents)));

/** Destination charges: the facilitator's share goes to their account once it can take charges. */
export const destinationOf = (ctx: AppContext, facilitator: User | undefined) =>
  facilitator?.stripeAccountId && facilitator.stripeChargesEnabled
    ? { accountId: facilitator.stripeAccountId, feePercent: ctx.config.platformFeePercent }
    : undefined;

export async function billingPortal(
  ctx: AppContext,
  member: User,
  rd: 'subscriptions' | 'settings',
  subscriptionId?: string,
) {
  assertPaymentsEnabled(ctx);
  // a subscription brought from the facilitator's own Stripe account is managed in that account's portal
  const mine = subscriptionId ? (await loadMySubscription(ctx, member.id, subscriptionId)).subscription : undefined;
  if (mine?.providerAccountId && mine.providerCustomerId) {
    const returnUrl = `${ctx.config.publicUrl}/${rd}`;
    return {
      url: await ctx.payments.billingPortalUrl(mine.providerCustomerId, returnUrl, {
        accountId: mine.providerAccountId,
      }),
    };
  }
  // 'Add payment details' on Settings for a member who never paid: create their customer first
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
  authorize(canUseMoneyTools(facilitator), () => forbidden('payouts_facilitators_only'));
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
  authorize(canUseMoneyTools(facilitator), () => forbidden('payouts_facilitators_only'));
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
  if (!facilitator.stripeAccountId) throw badRequest('link_bank_account_first');
  return { url: await ctx.payments.loginLink(facilitator.stripeAccountId) };
}
