import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client';
import { testBillingKey } from './get-test-billing';

/** POST test-mode/billing/cancel {sub}: cancels at the end of the paid period; the member keeps access until then. */
export async function cancelTestSubscription(sub: string): Promise<void> {
  await api.call('test-mode/billing/cancel', { sub });
}

export function useCancelTestSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTestSubscription,
    onSettled: () => queryClient.invalidateQueries({ queryKey: testBillingKey }),
  });
}
