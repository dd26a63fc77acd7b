import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SubscriptionAnswer } from '@common/payments/schemas';
import type { BillingInterval } from '@common/tiers/intervals';
import { api } from '@web/api/client';
import { applySubscriptionUpdate } from './subscription-keys';

/** POST app/subscriptions/{id}/interval {interval}: a running paid subscription moves to another price of its plan. */
async function switchInterval({ id, interval }: { id: string; interval: BillingInterval }) {
  return SubscriptionAnswer.parse(await api.call(`app/subscriptions/${encodeURIComponent(id)}/interval`, { interval }));
}

export function useSwitchInterval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchInterval,
    onSuccess: (updated) => applySubscriptionUpdate(queryClient, updated),
  });
}
