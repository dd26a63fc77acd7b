import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client';
import { testBillingKey } from './get-test-billing';

/** POST test-mode/billing/fail {sub}: simulates a declined renewal (the subscription goes past due). */
export async function failTestRenewal(sub: string): Promise<void> {
  await api.call('test-mode/billing/fail', { sub });
}

export function useFailTestRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: failTestRenewal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: testBillingKey }),
  });
}
