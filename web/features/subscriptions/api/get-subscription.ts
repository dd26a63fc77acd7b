import { useQuery } from '@tanstack/react-query';
import { SubscriptionAnswer } from '@common/payments/schemas';
import { ApiError, api } from '@web/api/client';
import { subscriptionKeys } from './subscription-keys';

/** GET app/subscriptions/{id}: one of mine, by the subscription's id or its tier's id; 404 when none. */
export async function getSubscription(id: string): Promise<SubscriptionAnswer> {
  return SubscriptionAnswer.parse(await api.call(`app/subscriptions/${encodeURIComponent(id)}`));
}

/** How long the result page waits for the provider's webhook to land (it may trail the redirect). */
export const CONFIRMATION_POLL_MS = 1000;
export const CONFIRMATION_POLLS = 10;

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The subscription behind a checkout. `awaitConfirmation` (after a successful checkout) asks again
 * every second for about ten seconds while the server still answers 404.
 */
export function useSubscription(id: string, { awaitConfirmation = false, enabled = true } = {}) {
  return useQuery({
    queryKey: subscriptionKeys.one(id),
    enabled,
    queryFn: () => getSubscription(id),
    retry: (failures, error) => awaitConfirmation && isNotFound(error) && failures < CONFIRMATION_POLLS,
    retryDelay: CONFIRMATION_POLL_MS,
  });
}
