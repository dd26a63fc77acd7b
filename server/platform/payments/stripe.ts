import Stripe from 'stripe';
import { trialThenText } from '../../../common/tiers/intervals';
import { discountOf, trialDaysWith } from '../../../common/offers/terms';
import { EXPAND_DISCOUNT_COUPONS, ongoingDiscount } from './stripe-discounts';
import { fromStripeEvent } from './stripe-events';
import {
  type AccountSubscription,
  type CheckoutInput,
  LIVE_SUBSCRIPTION_STATUSES,
  type OnAccount,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderSubscription,
  paymentsUnavailable,
} from './provider';

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** the Connect endpoint's secret: events of facilitators' connected accounts */
  connectWebhookSecret?: string;
  /** a local stand-in for Stripe's API in tests: the SDK's host/port/protocol options */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
};

/**
 * The one API version Tend speaks: the version the installed SDK's types describe, so every
 * object read is checked by the compiler against the shapes Stripe sends (`stripe-events.ts`).
 * Upgrading the SDK moves it; the webhook endpoints must then be set to the same version.
 */
export const STRIPE_API_VERSION = Stripe.API_VERSION;

const PAYOUT_STATUSES = ['pending', 'in_transit', 'paid', 'failed', 'canceled'] as const;

/** The intervals a tier's price bills every (Stripe also knows 'day', which Tend never sells). */
const BILLED_INTERVALS = ['week', 'month', 'year'] as const;

/** Tend sells in dollars; the balance counts that currency. */
const BALANCE_CURRENCY = 'usd';
/** The balance transactions summed for paid out and fees, newest first (ten pages at most). */
const BALANCE_TRANSACTIONS_READ = 1000;
const PAYOUT_TRANSACTIONS = new Set<string>(['payout', 'payout_cancel', 'payout_failure']);

/** Stripe's request options for an object on a connected account (none for the platform's own). */
const onAccount = (on?: OnAccount) => (on?.accountId ? { stripeAccount: on.accountId } : undefined);

/** Tend's view of a Stripe subscription: the billing period and price live on its one item since 2025-03-31. */
function toProviderSubscription(s: Stripe.Subscription, accountId?: string | null): ProviderSubscription {
  const item = s.items.data[0];
  const periodEnd = item?.current_period_end ?? 0;
  const interval = BILLED_INTERVALS.find((i) => i === item?.price?.recurring?.interval);
  return {
    id: s.id,
    status: s.status,
    cancelAtPeriodEnd: s.cancel_at_period_end,
    currentPeriodEnd: periodEnd,
    metadata: s.metadata ?? {},
    ...(accountId ? { accountId } : {}),
    ...(item?.price && interval
      ? {
          price: {
            itemId: item.id,
            providerPriceId: item.price.id,
            amountCents: item.price.unit_amount ?? 0,
            interval,
          },
          // read when its discounts are expanded (`EXPAND_DISCOUNT_COUPONS`); ids alone say nothing
          discount: ongoingDiscount(s.discounts ?? [], item.price.unit_amount ?? 0, Math.floor(Date.now() / 1000)),
        }
      : {}),
  };
}

/** A signed webhook that is not for this endpoint (a Connect event on the platform one, or the reverse). */
export class WrongEndpointError extends Error {
  override name = 'WrongEndpointError';
}

/** Real Stripe through the official SDK: Checkout, the Billing Portal, Connect with destination charges. */
export function stripeProvider(settings: StripeSettings) {
  const stripe = new Stripe(settings.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    typescript: true,
    ...(settings.api ? { host: settings.api.host, port: settings.api.port, protocol: settings.api.protocol } : {}),
  });

  /**
   * A tier's (or session's) Product and Price. Idempotency keys named after what is sold and
   * its price make concurrent first checkouts create one of each: Stripe answers a repeated key
   * with the first result (and 409 while it is in flight, which the SDK retries).
   */
  async function priceFor(
    input: Pick<CheckoutInput, 'mode'> & { product: Omit<CheckoutInput['product'], 'trialDays'> },
  ) {
    if (input.product.priceId)
      return { priceId: input.product.priceId, productId: input.product.productId ?? undefined };
    const { key, amountCents, interval } = input.product;
    const product = input.product.productId
      ? { id: input.product.productId }
      : await stripe.products.create(
          { name: input.product.name, description: input.product.description || undefined, metadata: { tend: key } },
          { idempotencyKey: `tend-product-${key}` },
        );
    // each interval of a tier is its own Price on the tier's one Product
    const recurring = input.mode === 'subscription';
    const price = await stripe.prices.create(
      {
        product: product.id,
        currency: 'usd',
        unit_amount: amountCents,
        ...(recurring ? { recurring: { interval } } : {}),
      },
      { idempotencyKey: `tend-price-${key}-${amountCents}-${recurring ? interval : 'once'}` },
    );
    return { priceId: price.id, productId: product.id };
  }

  /**
   * An offer's Coupon and Promotion Code, made once per offer (idempotency keys named after it)
   * and kept on the offer afterwards. The coupon carries the terms (percent_off, or amount_off
   * in dollars' cents; once, repeating for duration_in_months, or forever); Tend decides who may
   * redeem it and how often (its limit is counted in Tend's database), so neither carries a
   * limit, and the promotion code's own code is left to Stripe: it is never typed by a member.
   */
  async function promotionCodeFor(discount: NonNullable<CheckoutInput['discount']>) {
    if (discount.stripePromotionCodeId && discount.stripeCouponId)
      return { couponId: discount.stripeCouponId, promotionCodeId: discount.stripePromotionCodeId };
    const { terms, offerId } = discount;
    if (terms.kind === 'trial') return undefined;
    const couponId =
      discount.stripeCouponId ??
      (
        await stripe.coupons.create(
          {
            ...(terms.kind === 'percent'
              ? { percent_off: terms.percentOff ?? 0 }
              : { amount_off: terms.amountOffCents ?? 0, currency: 'usd' }),
            duration: terms.duration,
            ...(terms.duration === 'repeating' ? { duration_in_months: terms.durationMonths ?? 1 } : {}),
            metadata: { tendOffer: offerId },
          },
          { idempotencyKey: `tend-coupon-${offerId}` },
        )
      ).id;
    const promotionCode = await stripe.promotionCodes.create(
      { promotion: { type: 'coupon', coupon: couponId }, metadata: { tendOffer: offerId } },
      { idempotencyKey: `tend-promotion-code-${offerId}` },
    );
    return { couponId, promotionCodeId: promotionCode.id };
  }

  /** The payment intent that paid an invoice (invoices list their payments since 2025-03-31). */
  async function invoicePaymentIntent(invoiceId: string, accountId?: string) {
    const { data } = await stripe.invoicePayments.list(
      { invoice: invoiceId, status: 'paid', limit: 1 },
      onAccount({ accountId }),
    );
    const pi = data[0]?.payment.payment_intent;
    return pi ? (typeof pi === 'string' ? pi : pi.id) : null;
  }

  async function parse(
    rawBody: Buffer,
    signature: string | undefined,
    secret: string,
    connect: boolean,
  ): Promise<PaymentEvent | undefined> {
    const event = stripe.webhooks.constructEvent(rawBody, signature ?? '', secret);
    // a Connect endpoint's events carry the connected account; the platform endpoint's never do
    if (Boolean(event.account) !== connect)
      throw new WrongEndpointError(connect ? 'not a Connect event' : 'a Connect event');
    const account = event.account ?? undefined;
    const parsed = await fromStripeEvent(event, {
      invoicePaymentIntent: (invoiceId) => invoicePaymentIntent(invoiceId, account),
    });
    // a subscription's event from a connected account names it, so its reads go to that account
    if (account && parsed && (parsed.type === 'subscription.changed' || parsed.type.startsWith('invoice.')))
      return { ...parsed, account } as PaymentEvent;
    return parsed;
  }

  /**
   * A connected account's live subscriptions, every page (the SDK follows `has_more` with
   * `starting_after`), each with its customer expanded; the products their prices sell are read
   * once each for their names.
   */
  async function accountSubscriptions(accountId: string, customerId?: string): Promise<AccountSubscription[]> {
    const on = { stripeAccount: accountId };
    const found: Stripe.Subscription[] = [];
    for await (const s of stripe.subscriptions.list(
      { limit: 100, expand: ['data.customer'], ...(customerId ? { customer: customerId } : {}) },
      on,
    )) {
      if ((LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(s.status)) found.push(s);
    }
    const productIds = new Set(
      found.flatMap((s) => {
        const product = s.items.data[0]?.price.product;
        return typeof product === 'string' ? [product] : [];
      }),
    );
    const names = new Map<string, string>();
    for (const id of productIds) {
      const product = await stripe.products.retrieve(id, {}, on);
      names.set(id, product.name);
    }
    return found.map((s) => {
      const price = s.items.data[0]?.price;
      const customer = s.customer;
      const productId = typeof price?.product === 'string' ? price.product : price?.product.id;
      return {
        ...toProviderSubscription(s, accountId),
        accountId,
        customer:
          typeof customer === 'string'
            ? { id: customer, email: null, name: null }
            : {
                id: customer.id,
                email: customer.deleted ? null : customer.email,
                name: customer.deleted ? null : (customer.name ?? null),
              },
        billed: price
          ? {
              priceId: price.id,
              amountCents: price.unit_amount ?? 0,
              interval: price.recurring?.interval ?? null,
              productName: productId ? (names.get(productId) ?? null) : null,
            }
          : null,
      };
    });
  }

  /**
   * A subscription on a connected account moves to the new amount and interval on its own
   * product there (an inline `price_data`): the tier's Prices live on the platform account and
   * cannot bill a connected account's customer. Nothing is kept on the tier.
   */
  async function changeOnAccount(
    subscriptionId: string,
    price: { amountCents: number; interval: string },
    accountId: string,
  ) {
    const on = { stripeAccount: accountId };
    const s = await stripe.subscriptions.retrieve(subscriptionId, {}, on);
    const item = s.items.data[0];
    if (!item) throw new Error(`Subscription ${subscriptionId} has no item`);
    const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
    await stripe.subscriptions.update(
      subscriptionId,
      {
        items: [
          {
            id: item.id,
            price_data: {
              currency: item.price.currency,
              product,
              unit_amount: price.amountCents,
              recurring: { interval: price.interval as 'week' | 'month' | 'year' },
            },
          },
        ],
        proration_behavior: 'create_prorations',
      },
      on,
    );
    return {};
  }

  const provider: PaymentProvider & {
    parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent | undefined>;
    parseConnectWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent | undefined>;
  } = {
    kind: 'stripe',

    async createCheckout(input) {
      const { priceId, productId } = input.product.oneOff
        ? { priceId: undefined, productId: undefined }
        : await priceFor(input);
      const customerId =
        input.customerId ??
        (await stripe.customers.create({ email: input.email, metadata: { userId: input.userId } })).id;
      const fee = input.destination?.feePercent ?? 0;
      const promotion = input.discount ? await promotionCodeFor(input.discount) : undefined;
      const trialDays = trialDaysWith(input.discount?.terms, input.product.trialDays);
      const destination = input.destination ? { transfer_data: { destination: input.destination.accountId } } : {};
      const session = await stripe.checkout.sessions.create({
        mode: input.mode,
        customer: customerId,
        line_items: [
          priceId
            ? { price: priceId, quantity: 1 }
            : {
                // a one-off amount (a gift): priced inline, so no Price is left behind per purchase
                price_data: {
                  currency: 'usd',
                  unit_amount: input.product.amountCents,
                  product_data: {
                    name: input.product.name,
                    ...(input.product.description ? { description: input.product.description } : {}),
                  },
                },
                quantity: 1,
              },
        ],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: input.metadata,
        ...(promotion
          ? {
              discounts: [
                input.discount?.couponOnly
                  ? { coupon: promotion.couponId }
                  : { promotion_code: promotion.promotionCodeId },
              ],
            }
          : {}),
        ...(input.expiresAt ? { expires_at: Math.floor(input.expiresAt.getTime() / 1000) } : {}),
        ...(input.mode === 'subscription'
          ? {
              subscription_data: {
                metadata: input.metadata,
                // a trial says what follows it on Stripe's page: '7 days free, then $12 / month'
                ...(trialDays > 0
                  ? {
                      trial_period_days: trialDays,
                      description:
                        trialThenText({
                          price: input.product.amountCents / 100,
                          type: 'subscription',
                          interval: input.product.interval,
                          trialDays,
                        }) ?? undefined,
                    }
                  : {}),
                ...(input.destination ? { application_fee_percent: fee, ...destination } : {}),
              },
            }
          : {
              payment_intent_data: {
                metadata: input.metadata,
                ...(input.destination
                  ? { application_fee_amount: Math.round((chargedCents(input) * fee) / 100), ...destination }
                  : {}),
              },
            }),
      });
      return {
        id: session.id,
        url: session.url!,
        customerId,
        priceId,
        productId,
        expiresAt: new Date(session.expires_at * 1000),
        ...(promotion ? { stripeCouponId: promotion.couponId, stripePromotionCodeId: promotion.promotionCodeId } : {}),
      };
    },

    async expireCheckout(id) {
      const session = await stripe.checkout.sessions.retrieve(id);
      if (session.status === 'complete') return 'complete';
      if (session.status === 'open') {
        try {
          await stripe.checkout.sessions.expire(id);
        } catch (err) {
          // paid between the read and the expiry
          if ((await stripe.checkout.sessions.retrieve(id)).status === 'complete') return 'complete';
          throw err;
        }
      }
      return 'expired';
    },

    async createCustomer(user) {
      return (await stripe.customers.create({ email: user.email, name: user.name, metadata: { userId: user.id } })).id;
    },

    async billingPortalUrl(customerId, returnUrl, on) {
      return (
        await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }, onAccount(on))
      ).url;
    },

    /**
     * Connected accounts set by controller properties, as Stripe recommends for new platforms
     * using destination charges: Stripe collects the requirements and the account uses the
     * Express dashboard; the platform pays Stripe's fees and carries negative balances (Tend's
     * charges run on the platform account). Only `transfers` is requested: with destination
     * charges the platform is the merchant of record.
     */
    async connectOnboardingUrl(user, returnUrl, refreshUrl) {
      const accountId =
        user.accountId ??
        (
          await stripe.accounts.create(
            {
              email: user.email,
              metadata: { userId: user.id },
              controller: {
                fees: { payer: 'application' },
                losses: { payments: 'application' },
                requirement_collection: 'stripe',
                stripe_dashboard: { type: 'express' },
              },
              capabilities: { transfers: { requested: true } },
            },
            { idempotencyKey: `tend-account-${user.id}` },
          )
        ).id;
      const link = await stripe.accountLinks.create({
        account: accountId,
        return_url: returnUrl,
        refresh_url: refreshUrl,
        type: 'account_onboarding',
      });
      return { accountId, url: link.url };
    },

    async retrieveAccount(accountId) {
      const account = await stripe.accounts.retrieve(accountId);
      return {
        accountId: account.id,
        detailsSubmitted: account.details_submitted ?? false,
        chargesEnabled: account.charges_enabled ?? false,
        payoutsEnabled: account.payouts_enabled ?? false,
        requirementsDue: account.requirements?.currently_due ?? [],
      };
    },

    async loginLink(accountId) {
      return (await stripe.accounts.createLoginLink(accountId)).url;
    },

    async retrieveSubscription(id, on) {
      return toProviderSubscription(
        await stripe.subscriptions.retrieve(id, { expand: EXPAND_DISCOUNT_COUPONS }, onAccount(on)),
        on?.accountId,
      );
    },

    listAccountSubscriptions: (accountId) => accountSubscriptions(accountId),

    listCustomerSubscriptions: (accountId, customerId) => accountSubscriptions(accountId, customerId),

    /**
     * The subscription's one item moves to the new Price; Stripe's default proration credits the
     * unused time, and a changed interval starts the period again now with an invoice at once.
     */
    async changeSubscriptionPrice(subscriptionId, price, on) {
      if (on?.accountId) return changeOnAccount(subscriptionId, price, on.accountId);
      const { priceId, productId } = await priceFor({ mode: 'subscription', product: price });
      const s = await stripe.subscriptions.retrieve(subscriptionId);
      const item = s.items.data[0];
      if (!item) throw new Error(`Subscription ${subscriptionId} has no item`);
      await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price: priceId }],
        proration_behavior: 'create_prorations',
      });
      return { priceId, productId };
    },

    async refundPayment(paymentId, opts) {
      // a destination charge takes the money back from the facilitator and Tend's fee with it
      const on = onAccount(opts);
      const intent = await stripe.paymentIntents.retrieve(paymentId, {}, on);
      const destination = intent.transfer_data ? { reverse_transfer: true, refund_application_fee: true } : {};
      await stripe.refunds.create(
        {
          payment_intent: paymentId,
          ...(opts?.amountCents ? { amount: opts.amountCents } : {}),
          ...destination,
        },
        on,
      );
    },

    async listPayouts(accountId, limit) {
      const { data } = await stripe.payouts.list({ limit }, { stripeAccount: accountId });
      return data.map((p) => ({
        id: p.id,
        amountCents: p.amount,
        arrivalDate: p.arrival_date,
        status: PAYOUT_STATUSES.find((s) => s === p.status) ?? 'pending',
      }));
    },

    async retrieveBalance(accountId) {
      const onAccount = { stripeAccount: accountId };
      const balance = await stripe.balance.retrieve({}, onAccount);
      const inCurrency = (funds: Stripe.Balance.Available[] | Stripe.Balance.Pending[]) =>
        funds.filter((f) => f.currency === BALANCE_CURRENCY).reduce((sum, f) => sum + f.amount, 0);
      let paidOutCents = 0;
      let feesCents = 0;
      let read = 0;
      // what went to the bank and the fees are summed over the account's balance transactions
      for await (const tx of stripe.balanceTransactions.list({ limit: 100 }, onAccount)) {
        if (tx.currency === BALANCE_CURRENCY) {
          // a payout takes money out (negative); a failed or cancelled one brings it back
          if (PAYOUT_TRANSACTIONS.has(tx.type)) paidOutCents -= tx.amount;
          feesCents += tx.fee;
        }
        if (++read >= BALANCE_TRANSACTIONS_READ) break;
      }
      return {
        availableCents: inCurrency(balance.available),
        pendingCents: inCurrency(balance.pending),
        paidOutCents,
        feesCents,
      };
    },

    async cancelSubscription(id, { now, accountId }) {
      if (now) await stripe.subscriptions.cancel(id, {}, onAccount({ accountId }));
      else await stripe.subscriptions.update(id, { cancel_at_period_end: true }, onAccount({ accountId }));
    },

    async endTrial(id, on) {
      await stripe.subscriptions.update(id, { trial_end: 'now' }, onAccount(on));
    },

    async deactivatePromotionCode(id) {
      await stripe.promotionCodes.update(id, { active: false });
    },

    /** Verifies the Stripe-Signature header over the raw body; throws when it does not match. */
    parseWebhook: (rawBody, signature) => parse(rawBody, signature, settings.webhookSecret, false),

    parseConnectWebhook(rawBody, signature) {
      if (!settings.connectWebhookSecret) throw new WrongEndpointError('STRIPE_CONNECT_WEBHOOK_SECRET is not set');
      return parse(rawBody, signature, settings.connectWebhookSecret, true);
    },
  };
  return outagesAnswered(provider);
}

/** What a one-off payment charges once an offer has taken its part (Tend's fee is a share of it). */
const chargedCents = (input: CheckoutInput) =>
  input.product.amountCents - (input.discount ? discountOf(input.discount.terms, input.product.amountCents) : 0);

/** Stripe unreachable (the SDK's connection error after its retries) or failing on its side (5xx). */
export const isOutage = (err: unknown) =>
  err instanceof Stripe.errors.StripeConnectionError ||
  err instanceof Stripe.errors.StripeAPIError ||
  (err instanceof Stripe.errors.StripeError && (err.statusCode ?? 0) >= 500);

/**
 * Every call to Stripe answers an outage as 503 `payments_unavailable` instead of a bare 500.
 * Each call writes nothing in Tend before Stripe has answered, so a refused request left nothing
 * half-done. The webhook parsers keep their own answer (503, for Stripe to retry).
 */
function outagesAnswered<P extends object>(provider: P): P {
  const guarded: Record<string, unknown> = { ...(provider as Record<string, unknown>) };
  for (const [name, method] of Object.entries(provider)) {
    if (typeof method !== 'function' || name.startsWith('parse')) continue;
    guarded[name] = async (...args: unknown[]) => {
      try {
        return await method(...args);
      } catch (err) {
        throw isOutage(err) ? paymentsUnavailable(err) : err;
      }
    };
  }
  return guarded as P;
}
export type StripeProvider = ReturnType<typeof stripeProvider>;
export { Stripe };
