import { queryOptions, useQuery } from '@tanstack/react-query';
import { TestCheckoutAnswer } from '@common/payments/schemas';
import { api } from '@web/api/client';

/** Every query of this feature sits under this key. */
export const testModeKey = ['test-mode'] as const;
export const testCheckoutKey = (id: string) => [...testModeKey, 'checkout', id] as const;

/** GET test-mode/checkout/{id}: what the hosted checkout sells, and whether it is still open. */
export async function getTestCheckout(id: string): Promise<TestCheckoutAnswer> {
  return TestCheckoutAnswer.parse(await api.call(`test-mode/checkout/${encodeURIComponent(id)}`));
}

export const testCheckoutQueryOptions = (id: string) =>
  queryOptions({ queryKey: testCheckoutKey(id), queryFn: () => getTestCheckout(id) });

export const useTestCheckout = (id: string) => useQuery(testCheckoutQueryOptions(id));
