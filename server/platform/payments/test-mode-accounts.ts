import { and, eq, gte, sql } from 'drizzle-orm';
import { revenueEntries, testProviderPayouts, users } from '../../db/schema';
import type { PaymentProvider } from './provider';
import { nowSeconds, TestModeConflict, type TestModeKit } from './test-mode-kit';

/** Test mode holds a payment's share as pending this many days, like a provider's payout delay. */
const TEST_PENDING_DAYS = 2;

/** Test mode's Connect accounts (the onboarding page), payouts, customers and billing portal. */
export function testModeAccounts(kit: TestModeKit): Pick<
  PaymentProvider,
  | 'listPayouts'
  | 'retrieveBalance'
  | 'createCustomer'
  | 'billingPortalUrl'
  | 'connectOnboardingUrl'
  | 'retrieveAccount'
  | 'loginLink'
> & {
  completeOnboarding(userId: string): Promise<void>;
} {
  const { db, send } = kit;
  return {
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

    /**
     * The balance from test mode's own ledger: the facilitator's share of their revenue entries
     * (Tend's fee is the fee taken), the last two days' share still pending, what its payouts
     * took out (paid, or on their way), and the rest available.
     */
    async retrieveBalance(accountId) {
      const [owner] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.stripeAccountId, accountId))
        .limit(1);
      if (!owner) return { availableCents: 0, pendingCents: 0, paidOutCents: 0, feesCents: 0 };
      const pendingSince = new Date(Date.now() - TEST_PENDING_DAYS * 86_400_000);
      const [money] = await db
        .select({
          share: sql<number>`coalesce(sum(${revenueEntries.amountCents} - ${revenueEntries.feeCents}), 0)::int`,
          fees: sql<number>`coalesce(sum(${revenueEntries.feeCents}), 0)::int`,
          pending: sql<number>`coalesce(sum(${revenueEntries.amountCents} - ${revenueEntries.feeCents}) filter (where ${gte(revenueEntries.occurredAt, pendingSince)}), 0)::int`,
        })
        .from(revenueEntries)
        .where(eq(revenueEntries.facilitatorId, owner.id));
      const [out] = await db
        .select({ cents: sql<number>`coalesce(sum(${testProviderPayouts.amountCents}), 0)::int` })
        .from(testProviderPayouts)
        .where(and(eq(testProviderPayouts.accountId, accountId), sql`${testProviderPayouts.status} <> 'failed'`));
      const share = Number(money?.share ?? 0);
      const pendingCents = Math.max(0, Number(money?.pending ?? 0));
      const paidOutCents = Number(out?.cents ?? 0);
      return {
        availableCents: Math.max(0, share - pendingCents - paidOutCents),
        pendingCents,
        paidOutCents,
        feesCents: Number(money?.fees ?? 0),
      };
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
  };
}
