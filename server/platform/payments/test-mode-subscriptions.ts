import { and, eq } from 'drizzle-orm';
import { keepsAccess } from '../../../common/subscriptions/entitled-statuses';
import { PERIOD_DAYS } from '../../../common/tiers/intervals';
import { testProviderSubscriptions } from '../../db/schema';
import type { PaymentProvider } from './provider';
import { DAY, id, nextCharge, nowSeconds, TestModeConflict, type TestModeKit } from './test-mode-kit';

/**
 * What the unused time of the period paid for is worth, in cents: the price times the share of the
 * period left (a trial's period was not paid for, so it credits nothing).
 */
export function prorationCredit(
  row: { amountCents: number; interval: keyof typeof PERIOD_DAYS; currentPeriodEnd: number; status: string },
  now: number,
) {
  if (row.status === 'trialing') return 0;
  const period = PERIOD_DAYS[row.interval] * DAY;
  const left = Math.min(Math.max(row.currentPeriodEnd - now, 0), period);
  return Math.round((row.amountCents * left) / period);
}

/** Test mode's subscriptions: cancel at period end, the stand-ins for a renewal and a declined one. */
export function testModeSubscriptions(kit: TestModeKit): Pick<
  PaymentProvider,
  'retrieveSubscription' | 'cancelSubscription' | 'endTrial' | 'changeSubscriptionPrice'
> & {
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  renew(subscriptionId: string): Promise<void>;
  failRenewal(subscriptionId: string): Promise<void>;
} {
  const { db, send, sub, toProvider, invoicePaid } = kit;
  const subscriptions: ReturnType<typeof testModeSubscriptions> = {
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
      if (!row || !keepsAccess(row.status)) throw new TestModeConflict('Only a running subscription renews.');
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
      const charge = await nextCharge(db, renewed!);
      await invoicePaid(renewed!, charge.amountCents, charge.discountCents);
      await send({ type: 'subscription.changed', subscriptionId });
    },

    /** Test mode's stand-in for a declined renewal: past due, as Stripe's retries begin. */
    async failRenewal(subscriptionId) {
      const row = await sub(subscriptionId);
      if (!row || !keepsAccess(row.status)) throw new TestModeConflict('Only a running subscription renews.');
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

    /** Stripe's `trial_end: 'now'`: the first period starts now and its invoice is paid at once. */
    async endTrial(subscriptionId) {
      const row = await sub(subscriptionId);
      if (row?.status !== 'trialing') throw new TestModeConflict('Only a subscription in its trial ends it.');
      const [paying] = await db
        .update(testProviderSubscriptions)
        .set({ status: 'active', currentPeriodEnd: nowSeconds() + PERIOD_DAYS[row.interval] * DAY })
        .where(eq(testProviderSubscriptions.id, subscriptionId))
        .returning();
      // the first paid invoice takes an offer's discount like any renewal
      const charge = await nextCharge(db, paying!);
      await invoicePaid(paying!, charge.amountCents, charge.discountCents);
      await send({ type: 'subscription.changed', subscriptionId });
    },

    /**
     * A switch of price, with Stripe's default proration: the unused part of the period paid
     * for is credited against the new price; a changed interval starts a new period now and is
     * invoiced at once (the credit taken off; nothing is charged when the credit covers it).
     * The same interval keeps its period and carries the difference, as Stripe does, to the
     * next renewal, which test mode bills at the new amount.
     */
    async changeSubscriptionPrice(subscriptionId, price) {
      const row = await sub(subscriptionId);
      if (!row || !keepsAccess(row.status)) throw new TestModeConflict('Only a running subscription changes price.');
      const now = nowSeconds();
      const sameInterval = price.interval === row.interval;
      // the row changes only from the terms just read, so two switches at once bill the change once
      const [changed] = await db
        .update(testProviderSubscriptions)
        .set(
          sameInterval
            ? { amountCents: price.amountCents }
            : {
                amountCents: price.amountCents,
                interval: price.interval,
                status: 'active',
                currentPeriodEnd: now + PERIOD_DAYS[price.interval] * DAY,
              },
        )
        .where(
          and(
            eq(testProviderSubscriptions.id, subscriptionId),
            eq(testProviderSubscriptions.interval, row.interval),
            eq(testProviderSubscriptions.amountCents, row.amountCents),
          ),
        )
        .returning();
      if (changed && !sameInterval)
        await invoicePaid(changed, Math.max(0, price.amountCents - prorationCredit(row, now)));
      await send({ type: 'subscription.changed', subscriptionId });
      return {};
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
        await subscriptions.setCancelAtPeriodEnd(subscriptionId, true);
      }
    },
  };
  return subscriptions;
}
