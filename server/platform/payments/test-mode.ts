import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { PERIOD_DAYS } from '../../../common/tiers/intervals';
import type { Database } from '../../db/client';
import {
  checkoutSessions,
  revenueEntries,
  testProviderPayouts,
  testProviderSubscriptions,
  tiers,
  users,
} from '../../db/schema';
import type {
  CheckoutInput,
  EventSink,
  PaymentEvent,
  PaymentProvider,
  ProviderSubscription,
  UnsentEvent,
} from './provider';

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const DAY = 24 * 60 * 60;
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** Test mode's checkouts stay payable this long unless the caller says otherwise (Stripe: 24 hours). */
const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Test mode pays a facilitator's share out this long after the payment (Stripe's standard US schedule). */
const PAYOUT_DELAY = 2 * DAY;

/** A test-mode action that cannot happen now (the route answers 409 with the message). */
export class TestModeConflict extends Error {
  override name = 'TestModeConflict';
}

type Row = typeof testProviderSubscriptions.$inferSelect;

/**
 * The built-in test-mode provider: hosted pages served by Tend itself ('Test mode - no real
 * charge'), objects kept in its own tables, and the same `PaymentEvent`s Stripe's webhooks turn
 * into, delivered to the same handler.
 */
export function testModeProvider(db: Database, deliver: () => EventSink, settings: { feePercent: number }) {
  // every event's id is the provider's own (evt_test_…): the handler applies each once
  const send = (event: UnsentEvent) => deliver()({ id: id('evt'), ...event } as PaymentEvent);

  const sub = async (subscriptionId: string) =>
    (
      await db.select().from(testProviderSubscriptions).where(eq(testProviderSubscriptions.id, subscriptionId)).limit(1)
    )[0];

  const toProvider = (row: Row): ProviderSubscription => ({
    id: row.id,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodEnd: row.currentPeriodEnd,
    metadata: JSON.parse(row.metadata),
  });

  /** The facilitator's share of a payment goes out to their linked account, as Stripe's payouts would. */
  async function payOut(facilitatorId: string | undefined, amountCents: number) {
    if (!facilitatorId || amountCents <= 0) return;
    const [f] = await db.select().from(users).where(eq(users.id, facilitatorId)).limit(1);
    if (!f?.stripeAccountId || !f.stripeChargesEnabled) return;
    const net = amountCents - Math.round((amountCents * settings.feePercent) / 100);
    await db.insert(testProviderPayouts).values({
      id: id('po'),
      accountId: f.stripeAccountId,
      amountCents: net,
      arrivalDate: nowSeconds() + PAYOUT_DELAY,
      status: 'in_transit',
    });
  }

  async function invoicePaid(row: Row, amountCents: number) {
    const invoiceId = id('in');
    const metadata = JSON.parse(row.metadata) as Record<string, string>;
    await send({
      type: 'invoice.paid',
      invoice: {
        id: invoiceId,
        subscriptionId: row.id,
        amountPaidCents: amountCents,
        paymentId: amountCents > 0 ? invoiceId : null,
        created: nowSeconds(),
      },
    });
    const [tier] = metadata.tierId
      ? await db.select({ userId: tiers.userId }).from(tiers).where(eq(tiers.id, metadata.tierId)).limit(1)
      : [];
    await payOut(tier?.userId, amountCents);
  }

  const provider: PaymentProvider & {
    completeCheckout(sessionId: string): Promise<{ successUrl: string }>;
    setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
    renew(subscriptionId: string): Promise<void>;
    failRenewal(subscriptionId: string): Promise<void>;
    completeOnboarding(userId: string): Promise<void>;
  } = {
    kind: 'test',

    async createCheckout(input: CheckoutInput) {
      const sessionId = id('cs');
      const expiresAt = input.expiresAt ?? new Date(Date.now() + CHECKOUT_LIFETIME_MS);
      const url = `/test-mode/checkout/${sessionId}`;
      await db.insert(checkoutSessions).values({
        id: sessionId,
        userId: input.userId,
        tierId: input.metadata.tierId ?? null,
        sessionId: input.metadata.sessionId ?? null,
        provider: 'test',
        mode: input.mode,
        amountCents: input.product.amountCents,
        metadata: JSON.stringify(input.metadata),
        successUrl: input.successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId),
        cancelUrl: input.cancelUrl,
        url,
        expiresAt,
      });
      return { id: sessionId, url, customerId: input.customerId ?? `cus_test_${input.userId}`, expiresAt };
    },

    async expireCheckout(checkoutId) {
      const [row] = await db
        .select({ status: checkoutSessions.status })
        .from(checkoutSessions)
        .where(eq(checkoutSessions.id, checkoutId))
        .limit(1);
      if (row?.status === 'complete' || row?.status === 'refunded') return 'complete';
      await db
        .update(checkoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.status, 'open')));
      return 'expired';
    },

    /**
     * The member pressed Pay on the test checkout page. Claiming the open checkout is one
     * conditional UPDATE, so however many presses arrive at once, one completes it.
     */
    async completeCheckout(sessionId) {
      const [session] = await db
        .update(checkoutSessions)
        .set({ status: 'complete' })
        .where(
          and(
            eq(checkoutSessions.id, sessionId),
            eq(checkoutSessions.status, 'open'),
            or(isNull(checkoutSessions.expiresAt), gt(checkoutSessions.expiresAt, sql`now()`)),
          ),
        )
        .returning();
      if (!session) throw new TestModeConflict('This checkout is no longer open.');
      const metadata: Record<string, string> = {
        ...JSON.parse(session.metadata),
        userId: session.userId,
        checkoutSessionId: session.id,
      };
      const base = {
        id: session.id,
        customerId: `cus_test_${session.userId}`,
        amountCents: session.amountCents,
        created: nowSeconds(),
        metadata,
        paid: true,
      };
      if (session.mode === 'subscription') {
        const [tier] = session.tierId ? await db.select().from(tiers).where(eq(tiers.id, session.tierId)).limit(1) : [];
        const interval = tier?.billingInterval ?? 'month';
        const trialDays = tier?.trialDays ?? 0;
        const [row] = await db
          .insert(testProviderSubscriptions)
          .values({
            id: id('sub'),
            customerId: `cus_test_${session.userId}`,
            status: trialDays > 0 ? 'trialing' : 'active',
            currentPeriodEnd: nowSeconds() + (trialDays > 0 ? trialDays : PERIOD_DAYS[interval]) * DAY,
            amountCents: session.amountCents,
            interval,
            metadata: JSON.stringify(metadata),
          })
          .returning();
        const firstAmount = trialDays > 0 ? 0 : session.amountCents;
        await send({
          type: 'checkout.completed',
          checkout: {
            ...base,
            mode: 'subscription',
            subscriptionId: row!.id,
            paymentId: null,
            amountCents: firstAmount,
          },
        });
        await invoicePaid(row!, firstAmount);
      } else {
        // test mode's payment is the checkout itself: refunding it names the checkout
        await send({
          type: 'checkout.completed',
          checkout: { ...base, mode: 'payment', subscriptionId: null, paymentId: session.id },
        });
        const [tier] = session.tierId
          ? await db.select({ userId: tiers.userId }).from(tiers).where(eq(tiers.id, session.tierId)).limit(1)
          : [];
        await payOut(tier?.userId ?? metadata.facilitatorId, session.amountCents);
      }
      return { successUrl: session.successUrl };
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await db
        .update(testProviderSubscriptions)
        .set({ cancelAtPeriodEnd: cancel })
        .where(eq(testProviderSubscriptions.id, subscriptionId));
      await send({ type: 'subscription.changed', subscriptionId });
    },

    /** Test mode's stand-in for the next billing cycle: a new period and a paid invoice (the card was updated). */
    async renew(subscriptionId) {
      const row = await sub(subscriptionId);
      if (!row || !['active', 'trialing', 'past_due'].includes(row.status))
        throw new TestModeConflict('Only a running subscription renews.');
      if (row.cancelAtPeriodEnd) {
        await db
          .update(testProviderSubscriptions)
          .set({ status: 'canceled' })
          .where(eq(testProviderSubscriptions.id, subscriptionId));
        await send({ type: 'subscription.changed', subscriptionId });
        return;
      }
      const periodEnd = Math.max(row.currentPeriodEnd, nowSeconds()) + PERIOD_DAYS[row.interval] * DAY;
      const [renewed] = await db
        .update(testProviderSubscriptions)
        .set({ status: 'active', currentPeriodEnd: periodEnd })
        .where(eq(testProviderSubscriptions.id, subscriptionId))
        .returning();
      await invoicePaid(renewed!, row.amountCents);
      await send({ type: 'subscription.changed', subscriptionId });
    },

    /** Test mode's stand-in for a declined renewal: past due, as Stripe's retries begin. */
    async failRenewal(subscriptionId) {
      const row = await sub(subscriptionId);
      if (!row || !['active', 'trialing', 'past_due'].includes(row.status))
        throw new TestModeConflict('Only a running subscription renews.');
      await db
        .update(testProviderSubscriptions)
        .set({ status: 'past_due' })
        .where(eq(testProviderSubscriptions.id, subscriptionId));
      await send({
        type: 'invoice.payment_failed',
        invoice: { id: id('in'), subscriptionId, amountPaidCents: 0, paymentId: null, created: nowSeconds() },
      });
      await send({ type: 'subscription.changed', subscriptionId });
    },

    /**
     * Test mode keeps no ledger of its own: a payment's amount and what was refunded of it so
     * far are read from the revenue entries its events produced.
     */
    async refundPayment(paymentId, opts) {
      const [paid] = await db
        .select({
          paid: sql<number>`coalesce(sum(${revenueEntries.amountCents}) filter (where ${revenueEntries.kind} = 'payment'), 0)::int`,
          back: sql<number>`coalesce(-sum(${revenueEntries.amountCents}) filter (where ${revenueEntries.kind} <> 'payment'), 0)::int`,
        })
        .from(revenueEntries)
        .where(eq(revenueEntries.paymentRef, paymentId));
      const total = Number(paid?.paid ?? 0);
      const refunded = Number(paid?.back ?? 0);
      const amount = opts?.amountCents ?? total - refunded;
      if (total === 0) {
        // a payment that never became revenue (a session refunded at once): nothing to reverse
        await db.update(checkoutSessions).set({ status: 'refunded' }).where(eq(checkoutSessions.id, paymentId));
        return;
      }
      if (amount <= 0 || refunded + amount > total)
        throw new TestModeConflict('That is more than is left to refund on this payment.');
      await db
        .update(checkoutSessions)
        .set({ status: 'refunded' })
        .where(and(eq(checkoutSessions.id, paymentId), sql`${refunded + amount} >= ${total}`));
      await send({
        type: 'payment.refunded',
        refund: {
          chargeId: `ch_${paymentId}`,
          paymentId,
          amountRefundedCents: refunded + amount,
          created: nowSeconds(),
        },
      });
    },

    async listPayouts(accountId, limit) {
      const rows = await db
        .select()
        .from(testProviderPayouts)
        .where(eq(testProviderPayouts.accountId, accountId))
        .orderBy(sql`${testProviderPayouts.createdAt} desc`)
        .limit(limit);
      // a payout in transit has arrived once its date has passed
      return rows.map((p) => ({
        id: p.id,
        amountCents: p.amountCents,
        arrivalDate: p.arrivalDate,
        status: p.status === 'in_transit' && p.arrivalDate <= nowSeconds() ? 'paid' : p.status,
      }));
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
      if (!user?.stripeAccountId) throw new TestModeConflict('Start linking from Settings first.');
      await db.update(users).set({ stripeDetailsSubmitted: true }).where(eq(users.id, userId));
      await send({ type: 'account.changed', accountId: user.stripeAccountId });
    },

    /** Test mode's accounts are complete once their onboarding page was submitted. */
    async retrieveAccount(accountId) {
      const [user] = await db.select().from(users).where(eq(users.stripeAccountId, accountId)).limit(1);
      const done = user?.stripeDetailsSubmitted ?? false;
      return {
        accountId,
        detailsSubmitted: done,
        chargesEnabled: done,
        payoutsEnabled: done,
        requirementsDue: done ? [] : ['external_account', 'individual.dob.day'],
      };
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
        await db
          .update(testProviderSubscriptions)
          .set({ status: 'canceled' })
          .where(eq(testProviderSubscriptions.id, subscriptionId));
        await send({ type: 'subscription.changed', subscriptionId });
      } else {
        await provider.setCancelAtPeriodEnd(subscriptionId, true);
      }
    },
  };
  return provider;
}
export type TestModeProvider = ReturnType<typeof testModeProvider>;
