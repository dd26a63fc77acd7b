import type { Database } from '../../db/client';
import type { AccountSubscription, EventSink, PaymentProvider } from './provider';
import { testModeAccountSubscriptions, type ExistingSubscription } from './test-mode-account-subscriptions';
import { testModeAccounts } from './test-mode-accounts';
import { testModeCheckouts } from './test-mode-checkouts';
import { testModeKit } from './test-mode-kit';
import { testModeSubscriptions } from './test-mode-subscriptions';

export { TestModeConflict } from './test-mode-kit';

/**
 * The built-in test-mode provider: hosted pages served by Tend itself ('Test mode - no real
 * charge'), objects kept in its own tables, and the same `PaymentEvent`s Stripe's webhooks turn
 * into, delivered to the same handler.
 */
export function testModeProvider(db: Database, deliver: () => EventSink, settings: { feePercent: number }) {
  const kit = testModeKit(db, deliver, settings);
  const provider: PaymentProvider & {
    completeCheckout(sessionId: string): Promise<{ successUrl: string }>;
    setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
    renew(subscriptionId: string): Promise<void>;
    failRenewal(subscriptionId: string): Promise<void>;
    completeOnboarding(userId: string): Promise<void>;
    addAccountSubscription(accountId: string, existing: ExistingSubscription): Promise<AccountSubscription>;
  } = {
    kind: 'test',
    ...testModeCheckouts(kit),
    ...testModeSubscriptions(kit),
    ...testModeAccounts(kit),
    ...testModeAccountSubscriptions(kit),
  };
  return provider;
}
export type TestModeProvider = ReturnType<typeof testModeProvider>;
