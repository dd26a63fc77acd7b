import { queryOptions, useQuery } from '@tanstack/react-query';
import { SubscriptionListAnswer, type SubscriptionAnswer } from '@common/payments/schemas';
import { api } from '@web/api/client';
import { testModeKey } from './get-test-checkout';

export const testBillingKey = [...testModeKey, 'billing'] as const;

/** GET test-mode/billing: the member's paid test-mode subscriptions. */
export async function getTestBilling(): Promise<SubscriptionAnswer[]> {
  return SubscriptionListAnswer.parse(await api.call('test-mode/billing'));
}

export const testBillingQueryOptions = () => queryOptions({ queryKey: testBillingKey, queryFn: getTestBilling });

export const useTestBilling = () => useQuery(testBillingQueryOptions());
