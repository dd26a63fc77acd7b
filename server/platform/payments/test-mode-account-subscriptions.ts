import { and, eq, inArray } from 'drizzle-orm';
import type { BillingInterval } from '../../../common/tiers/intervals';
import { PERIOD_DAYS } from '../../../common/tiers/intervals';
import { testProviderSubscriptions } from '../../db/schema';
import { type AccountSubscription, LIVE_SUBSCRIPTION_STATUSES, type PaymentProvider } from './provider';
import { DAY, id, nowSeconds, type TestModeKit } from './test-mode-kit';

/** A subscription a facilitator already had on their own account before Tend, as test mode holds it. */
export type ExistingSubscription = {
  customerEmail: string;
  customerName: string;
  amountCents: number;
  interval: BillingInterval;
  /** the account's own Price and the Product it sells, as the facilitator named them */
  priceId?: string;
  productName: string;
  status?: 'active' | 'trialing' | 'past_due';
};

/**
 * Test mode's stand-in for a connected account's existing subscriptions: rows of its own
 * subscriptions table that name the account (and the customer, price and product Stripe would
 * answer with), listed the way Stripe lists them.
 */
export function testModeAccountSubscriptions(kit: TestModeKit): Pick<
  PaymentProvider,
  'listAccountSubscriptions' | 'listCustomerSubscriptions'
> & {
  addAccountSubscription(accountId: string, existing: ExistingSubscription): Promise<AccountSubscription>;
} {
  const { db, toProvider } = kit;
  type Row = typeof testProviderSubscriptions.$inferSelect;
  const present = (row: Row & { accountId: string }): AccountSubscription => ({
    ...toProvider(row),
    accountId: row.accountId,
    customer: { id: row.customerId, email: row.customerEmail, name: row.customerName },
    billed: {
      priceId: row.priceId ?? `price_test_${row.id}`,
      amountCents: row.amountCents,
      interval: row.interval,
      productName: row.productName,
    },
  });
  const live = async (accountId: string, customerId?: string) => {
    const rows = await db
      .select()
      .from(testProviderSubscriptions)
      .where(
        and(
          eq(testProviderSubscriptions.accountId, accountId),
          inArray(testProviderSubscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
          customerId ? eq(testProviderSubscriptions.customerId, customerId) : undefined,
        ),
      )
      .orderBy(testProviderSubscriptions.id);
    return rows.map((row) => present({ ...row, accountId }));
  };
  return {
    listAccountSubscriptions: (accountId) => live(accountId),
    listCustomerSubscriptions: (accountId, customerId) => live(accountId, customerId),

    async addAccountSubscription(accountId, existing) {
      const subscriptionId = id('sub');
      const [row] = await db
        .insert(testProviderSubscriptions)
        .values({
          id: subscriptionId,
          accountId,
          customerId: id('cus'),
          customerEmail: existing.customerEmail.toLowerCase(),
          customerName: existing.customerName,
          status: existing.status ?? 'active',
          currentPeriodEnd: nowSeconds() + PERIOD_DAYS[existing.interval] * DAY,
          amountCents: existing.amountCents,
          interval: existing.interval,
          priceId: existing.priceId ?? id('price'),
          productName: existing.productName,
        })
        .returning();
      return present({ ...row!, accountId });
    },
  };
}
