import Stripe from 'stripe';
import type { CheckoutInput, PaymentProvider, ProviderEvent } from './provider';

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** a local stand-in for Stripe's API in tests: the SDK's host/port/protocol options */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
};

/** Real Stripe through the official SDK: Checkout, the Billing Portal, Connect Express. */
export function stripeProvider(settings: StripeSettings) {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    ...(settings.api ? { host: settings.api.host, port: settings.api.port, protocol: settings.api.protocol } : {}),
  });

  /** A tier's Product and monthly (or one-off) Price, created at its first checkout. */
  async function priceFor(input: CheckoutInput) {
    if (input.product.priceId) return { priceId: input.product.priceId, productId: input.product.productId ?? undefined };
    const product = await stripe.products.create({ name: input.product.name, description: input.product.description || undefined });
    const price = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: input.product.amountCents,
      ...(input.mode === 'subscription' ? { recurring: { interval: 'month' as const } } : {}),
    });
    return { priceId: price.id, productId: product.id };
  }

  const provider: PaymentProvider & { parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent } = {
    kind: 'stripe',

    async createCheckout(input) {
      const { priceId, productId } = await priceFor(input);
      const customerId = input.customerId ?? (await stripe.customers.create({ email: input.email, metadata: { userId: input.userId } })).id;
      const fee = input.destination?.feePercent ?? 0;
      const session = await stripe.checkout.sessions.create({
        mode: input.mode,
        customer: customerId,
        line_items: [{ price: priceId, quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: input.metadata,
        ...(input.mode === 'subscription'
          ? {
              subscription_data: {
                metadata: input.metadata,
                ...(input.destination ? { application_fee_percent: fee, transfer_data: { destination: input.destination.accountId } } : {}),
              },
            }
          : {
              payment_intent_data: {
                metadata: input.metadata,
                ...(input.destination
                  ? { application_fee_amount: Math.round((input.product.amountCents * fee) / 100), transfer_data: { destination: input.destination.accountId } }
                  : {}),
              },
            }),
      });
      return { id: session.id, url: session.url!, customerId, priceId, productId };
    },

    async createCustomer(user) {
      return (await stripe.customers.create({ email: user.email, name: user.name, metadata: { userId: user.id } })).id;
    },

    async billingPortalUrl(customerId, returnUrl) {
      return (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url;
    },

    async connectOnboardingUrl(user, returnUrl, refreshUrl) {
      const accountId = user.accountId ?? (await stripe.accounts.create({ type: 'express', email: user.email, metadata: { userId: user.id } })).id;
      const link = await stripe.accountLinks.create({ account: accountId, return_url: returnUrl, refresh_url: refreshUrl, type: 'account_onboarding' });
      return { accountId, url: link.url };
    },

    async loginLink(accountId) {
      return (await stripe.accounts.createLoginLink(accountId)).url;
    },

    async retrieveSubscription(id) {
      const s = await stripe.subscriptions.retrieve(id);
      const periodEnd = (s as unknown as { current_period_end?: number }).current_period_end ?? s.items?.data?.[0]?.current_period_end ?? 0;
      return { id: s.id, status: s.status, cancelAtPeriodEnd: s.cancel_at_period_end, currentPeriodEnd: periodEnd, metadata: (s.metadata ?? {}) as Record<string, string> };
    },

    async refundPayment(paymentId) {
      await stripe.refunds.create({ payment_intent: paymentId });
    },

    async cancelSubscription(id, { now }) {
      if (now) await stripe.subscriptions.cancel(id);
      else await stripe.subscriptions.update(id, { cancel_at_period_end: true });
    },

    /** Verifies the Stripe-Signature header over the raw body; throws when it does not match. */
    parseWebhook(rawBody, signature) {
      const event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      return { id: event.id, type: event.type, data: { object: event.data.object as unknown as Record<string, unknown> } };
    },
  };
  return provider;
}
export type StripeProvider = ReturnType<typeof stripeProvider>;
export { Stripe };
