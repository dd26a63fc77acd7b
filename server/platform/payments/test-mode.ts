import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { checkoutSessions, testProviderSubscriptions, users } from '../../db/schema';
import type { CheckoutInput, EventSink, PaymentProvider, ProviderEvent, ProviderSubscription } from './provider';

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const DAY = 24 * 60 * 60;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const event = (type: string, object: Record<string, unknown>): ProviderEvent => ({ id: id('evt'), type, data: { object } });

/**
 * The built-in test-mode provider: hosted pages served by Tend itself ('Test mode - no real
 * charge'), objects kept in its own table, and Stripe-shaped events delivered to the same
 * handler Stripe's webhooks reach.
 */
export function testModeProvider(db: Database, deliver: () => EventSink) {
  const sub = async (subscriptionId: string) =>
    (await db.select().from(testProviderSubscriptions).where(eq(testProviderSubscriptions.id, subscriptionId)).limit(1))[0];

  const toProvider = (row: typeof testProviderSubscriptions.$inferSelect): ProviderSubscription => ({
    id: row.id,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodEnd: row.currentPeriodEnd,
    metadata: JSON.parse(row.metadata),
  });

  const provider: PaymentProvider & {
    completeCheckout(sessionId: string): Promise<{ successUrl: string }>;
    setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
    renew(subscriptionId: string): Promise<void>;
    completeOnboarding(userId: string): Promise<void>;
  } = {
    kind: 'test',

    async createCheckout(input: CheckoutInput) {
      const sessionId = id('cs');
      await db.insert(checkoutSessions).values({
        id: sessionId,
        userId: input.userId,
        tierId: input.metadata.tierId ?? null,
        mode: input.mode,
        amountCents: input.product.amountCents,
        metadata: JSON.stringify(input.metadata),
        successUrl: input.successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId),
        cancelUrl: input.cancelUrl,
      });
      return { id: sessionId, url: `/test-mode/checkout/${sessionId}`, customerId: input.customerId ?? `cus_test_${input.userId}` };
    },

    /** The member pressed Pay on the test checkout page. */
    async completeCheckout(sessionId) {
      const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).limit(1);
      if (!session || session.status !== 'open') throw new Error('This checkout is no longer open');
      await db.update(checkoutSessions).set({ status: 'complete' }).where(eq(checkoutSessions.id, sessionId));
      const metadata = { ...JSON.parse(session.metadata), userId: session.userId, tierId: session.tierId ?? '', checkoutSessionId: session.id };
      const sink = deliver();
      if (session.mode === 'subscription') {
        const subscriptionId = id('sub');
        await db.insert(testProviderSubscriptions).values({
          id: subscriptionId,
          customerId: `cus_test_${session.userId}`,
          status: 'active',
          currentPeriodEnd: nowSeconds() + 30 * DAY,
          amountCents: session.amountCents,
          metadata: JSON.stringify(metadata),
        });
        await sink(event('checkout.session.completed', { id: session.id, mode: 'subscription', subscription: subscriptionId, amount_total: session.amountCents, metadata }));
        await sink(event('invoice.paid', { id: id('in'), subscription: subscriptionId, amount_paid: session.amountCents, created: nowSeconds(), metadata }));
      } else {
        // test mode's payment is the checkout itself: refunding it marks the checkout refunded
        await sink(event('checkout.session.completed', { id: session.id, mode: 'payment', payment_status: 'paid', payment_intent: session.id, amount_total: session.amountCents, created: nowSeconds(), metadata }));
      }
      return { successUrl: session.successUrl };
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await db.update(testProviderSubscriptions).set({ cancelAtPeriodEnd: cancel }).where(eq(testProviderSubscriptions.id, subscriptionId));
      await deliver()(event('customer.subscription.updated', { id: subscriptionId }));
    },

    /** Test mode's stand-in for the next billing cycle: a new period and a paid invoice. */
    async renew(subscriptionId) {
      const row = await sub(subscriptionId);
      if (!row || row.status !== 'active') throw new Error('Only an active subscription renews');
      if (row.cancelAtPeriodEnd) {
        await db.update(testProviderSubscriptions).set({ status: 'canceled' }).where(eq(testProviderSubscriptions.id, subscriptionId));
        await deliver()(event('customer.subscription.deleted', { id: subscriptionId }));
        return;
      }
      await db.update(testProviderSubscriptions).set({ currentPeriodEnd: row.currentPeriodEnd + 30 * DAY }).where(eq(testProviderSubscriptions.id, subscriptionId));
      await deliver()(event('invoice.paid', { id: id('in'), subscription: subscriptionId, amount_paid: row.amountCents, created: nowSeconds(), metadata: JSON.parse(row.metadata) }));
    },

    async refundPayment(paymentId) {
      await db.update(checkoutSessions).set({ status: 'refunded' }).where(eq(checkoutSessions.id, paymentId));
    },

    async createCustomer(user) {
      return `cus_test_${user.id}`;
    },

    async billingPortalUrl(_customerId, returnUrl) {
      return `/test-mode/billing?return=${encodeURIComponent(returnUrl)}`;
    },

    async connectOnboardingUrl(user, returnUrl) {
      const accountId = user.accountId ?? `acct_test_${user.id.replace(/-/g, '').slice(0, 16)}`;
      return { accountId, url: `/test-mode/connect?return=${encodeURIComponent(returnUrl)}` };
    },

    async completeOnboarding(userId) {
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user?.stripeAccountId) throw new Error('Start linking from Settings first');
      await deliver()(event('account.updated', { id: user.stripeAccountId, details_submitted: true, charges_enabled: true }));
    },

    async loginLink() {
      return '/test-mode/connect?dashboard=1';
    },

    async retrieveSubscription(subscriptionId) {
      const row = await sub(subscriptionId);
      if (!row) throw new Error(`No such subscription: ${subscriptionId}`);
      return toProvider(row);
    },

    async cancelSubscription(subscriptionId, { now }) {
      if (now) {
        await db.update(testProviderSubscriptions).set({ status: 'canceled' }).where(eq(testProviderSubscriptions.id, subscriptionId));
        await deliver()(event('customer.subscription.deleted', { id: subscriptionId }));
      } else {
        await provider.setCancelAtPeriodEnd(subscriptionId, true);
      }
    },
  };
  return provider;
}
export type TestModeProvider = ReturnType<typeof testModeProvider>;
