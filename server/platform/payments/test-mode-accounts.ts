import { eq, sql } from 'drizzle-orm';
import { testProviderPayouts, users } from '../../db/schema';
import type { PaymentProvider } from './provider';
import { nowSeconds, TestModeConflict, type TestModeKit } from './test-mode-kit';

/** Test mode's Connect accounts (the onboarding page), payouts, customers and billing portal. */
export function testModeAccounts(kit: TestModeKit): Pick<
  PaymentProvider,
  'listPayouts' | 'createCustomer' | 'billingPortalUrl' | 'connectOnboardingUrl' | 'retrieveAccount' | 'loginLink'
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
