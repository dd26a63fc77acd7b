import { queryOptions, useQuery } from '@tanstack/react-query';
import { SubscriptionListAnswer, type SubscriptionAnswer } from '@common/payments/schemas';
import { api } from '@web/api/client';
import { subscriptionKeys } from './subscription-keys';

/** GET app/subscriptions: every subscription and course of mine, newest first. */
export async function getSubscriptions(): Promise<SubscriptionAnswer[]> {
  return SubscriptionListAnswer.parse((await api.call('app/subscriptions')) ?? []);
}

export const subscriptionsQueryOptions = () =>
  queryOptions({ queryKey: subscriptionKeys.mine, queryFn: getSubscriptions });

export const useSubscriptions = () => useQuery(subscriptionsQueryOptions());
