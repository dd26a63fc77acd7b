import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client';
import { testBillingKey } from './get-test-billing';

/** POST test-mode/billing/resume {sub}: resumes, undoing a cancellation set for the end of the period. */
export async function resumeTestSubscription(sub: string): Promise<void> {
  await api.call('test-mode/billing/resume', { sub });
}

export function useResumeTestSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeTestSubscription,
    onSettled: () => queryClient.invalidateQueries({ queryKey: testBillingKey }),
  });
}
