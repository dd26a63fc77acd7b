import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { BILLING_INTERVALS, PERIOD_DAYS } from '../../../common/tiers/intervals';
import { discountOf, discountedPayments, trialDaysWith } from '../../../common/offers/terms';
import { checkoutSessions, offers, revenueEntries, testProviderSubscriptions, tiers } from '../../db/schema';
import type { CheckoutInput, PaymentProvider } from './provider';
import { offerTerms } from './offer-terms';
import { DAY, id, nextCharge, nowSeconds, TestModeConflict, type TestModeKit } from './test-mode-kit';

/** Test mode's checkouts stay payable this long unless the caller says otherwise (Stripe: 24 hours). */
const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Test mode's hosted checkout page and its payments: opened, paid (the Pay button), expired, refunded. */
export function testModeCheckouts(kit: TestModeKit): Pick<
  PaymentProvider,
  'createCheckout' | 'expireCheckout' | 'refundPayment' | 'deactivatePromotionCode'
> & {
  completeCheckout(sessionId: string): Promise<{ successUrl: string }>;
} {
  const { db, send, payOut, invoicePaid } = kit;
  return {
    // test mode applies an offer's terms itself: there is no promotion code to turn off
    async deactivatePromotionCode() {},

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
        offerId: input.discount?.offerId ?? null,
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
      // an offer takes its part as Stripe's coupon would (common/offers/terms.ts holds the arithmetic)
      const [offer] = session.offerId ? await db.select().from(offers).where(eq(offers.id, session.offerId)) : [];
      const terms = offer ? offerTerms(offer) : undefined;
      const firstDiscount = terms ? discountOf(terms, session.amountCents) : 0;
      const base = {
        id: session.id,
        customerId: `cus_test_${session.userId}`,
        amountCents: session.amountCents - firstDiscount,
        discountCents: firstDiscount,
        created: nowSeconds(),
        metadata,
        paid: true,
      };
      if (session.mode === 'subscription') {
        const [tier] = session.tierId ? await db.select().from(tiers).where(eq(tiers.id, session.tierId)).limit(1) : [];
        // the price the checkout sold bills its own interval; an older checkout, the tier's
        const interval = BILLING_INTERVALS.find((i) => i === metadata.interval) ?? tier?.billingInterval ?? 'month';
        const trialDays = trialDaysWith(terms, tier?.trialDays ?? 0);
        const periods = terms ? discountedPayments(terms, interval, true) : 0;
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
            discount: terms && periods !== 0 ? JSON.stringify({ terms, periodsLeft: periods }) : null,
          })
          .returning();
        // the first paid invoice takes the discount (a trial's free first invoice leaves it whole)
        const first = trialDays > 0 ? { amountCents: 0, discountCents: 0 } : await nextCharge(db, row!);
        await send({
          type: 'checkout.completed',
          checkout: {
            ...base,
            mode: 'subscription',
            subscriptionId: row!.id,
            paymentId: null,
            ...first,
          },
        });
        await invoicePaid(row!, first.amountCents, first.discountCents);
      } else {
        // test mode's payment is the checkout itself: refunding it names the checkout
        await send({
          type: 'checkout.completed',
          checkout: { ...base, mode: 'payment', subscriptionId: null, paymentId: session.id },
        });
        const [tier] = session.tierId
          ? await db.select({ userId: tiers.userId }).from(tiers).where(eq(tiers.id, session.tierId)).limit(1)
          : [];
        await payOut(tier?.userId ?? metadata.facilitatorId, base.amountCents);
      }
      return { successUrl: session.successUrl };
    },

    /**
     * Test mode keeps no ledger of its own: a payment's amount and what was refunded of it so
     * far are read from the revenue entries its events produced.
     */
    async refundPayment(paymentId, opts) {
      const [paid] = await db
        .select({
          paid: sql<number>`coalesce(
            sum(${revenueEntries.amountCents}) filter (where ${revenueEntries.kind} = 'payment'), 0)::int`,
          back: sql<number>`coalesce(
            -sum(${revenueEntries.amountCents}) filter (where ${revenueEntries.kind} <> 'payment'), 0)::int`,
        })
        .from(revenueEntries)
        .where(eq(revenueEntries.paymentRef, paymentId));
      const total = Number(paid?.paid ?? 0);
      const refunded = Number(paid?.back ?? 0);
      const amount = opts?.amountCents ?? total - refunded;
      if (total === 0 || (opts?.amountCents === undefined && amount === 0 && refunded > 0)) {
        // a payment that never became revenue (a session refunded at once), or one Tend's books
        // already show refunded in full (a duplicate payment): nothing left to reverse
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
  };
}
