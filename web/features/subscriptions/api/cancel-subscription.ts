import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SubscriptionAnswer } from '@common/payments/schemas';
import { api } from '@web/api/client';
import { applySubscriptionUpdate } from './subscription-keys';

/** POST app/subscription-action/cancel {sub}: free subscriptions only. */
export async function cancelSubscription(sub: string): Promise<SubscriptionAnswer> {
  return SubscriptionAnswer.parse(await api.call('app/subscription-action/cancel', { sub }));
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (updated) => applySubscriptionUpdate(queryClient, updated),
  });
}
