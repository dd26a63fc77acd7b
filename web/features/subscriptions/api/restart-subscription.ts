import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SubscriptionAnswer } from '@common/payments/schemas';
import { api } from '@web/api/client';
import { applySubscriptionUpdate } from './subscription-keys';

/** POST app/subscription-action/restart {sub}: free subscriptions only. */
export async function restartSubscription(sub: string): Promise<SubscriptionAnswer> {
  return SubscriptionAnswer.parse(await api.call('app/subscription-action/restart', { sub }));
}

export function useRestartSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restartSubscription,
    onSuccess: (updated) => applySubscriptionUpdate(queryClient, updated),
  });
}
