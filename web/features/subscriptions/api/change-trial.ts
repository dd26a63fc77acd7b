import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SubscriptionAnswer } from '@common/payments/schemas';
import { api } from '@web/api/client';
import { applySubscriptionUpdate } from './subscription-keys';

/**
 * POST app/subscription-action/start-paying {sub}: ends the free trial, the first charge now;
 * POST app/subscription-action/cancel-trial {sub}: ends with the trial, nothing charged.
 */
export function useChangeTrial(change: 'start-paying' | 'cancel-trial') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sub: string) =>
      SubscriptionAnswer.parse(await api.call(`app/subscription-action/${change}`, { sub })),
    onSuccess: (updated) => applySubscriptionUpdate(queryClient, updated),
  });
}
