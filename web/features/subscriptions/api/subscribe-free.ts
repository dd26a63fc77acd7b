import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SubscribeAnswer } from '@common/payments/schemas';
import { api } from '@web/api/client';
import { subscriptionKeys } from './subscription-keys';

/** GET app/subscribe/{tierId}: subscribes me to a free tier. */
export async function subscribeFree(tierId: string): Promise<SubscribeAnswer> {
  return SubscribeAnswer.parse(await api.call(`app/subscribe/${encodeURIComponent(tierId)}`));
}

export function useSubscribeFree() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribeFree,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}
