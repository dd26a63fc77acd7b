import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client';
import { testBillingKey } from './get-test-billing';

/**
 * POST test-mode/billing/renew {sub}: simulates the next monthly payment (a subscription set to
 * cancel ends instead).
 */
export async function renewTestSubscription(sub: string): Promise<void> {
  await api.call('test-mode/billing/renew', { sub });
}

export function useRenewTestSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewTestSubscription,
    onSettled: () => queryClient.invalidateQueries({ queryKey: testBillingKey }),
  });
}
