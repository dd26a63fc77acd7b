import type { QueryClient } from '@tanstack/react-query';
import type { SubscriptionAnswer } from '@common/payments/schemas';

/** Query keys of the subscriptions screens; everything that reads my subscriptions sits under `all`. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  mine: ['subscriptions', 'mine'] as const,
  one: (id: string) => ['subscriptions', 'one', id] as const,
  facilitator: (id: string) => ['subscriptions', 'facilitator', id] as const,
  facilitatorTiers: (id: string) => ['subscriptions', 'facilitator', id, 'tiers'] as const,
};

/** A changed subscription moves between the tabs at once; then my lists are fetched again. */
export function applySubscriptionUpdate(queryClient: QueryClient, updated: SubscriptionAnswer) {
  queryClient.setQueryData<SubscriptionAnswer[]>(subscriptionKeys.mine, (list) =>
    list?.map((s) => (s._id === updated._id ? updated : s)),
  );
  return queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
}
