import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AdminPaymentRow,
  AdminSubscriberPage,
  AdminSubscriptionRow,
  CancelSubscriptionAnswer,
  RefundPaymentAnswer,
} from '@common/admin/money-schemas';
import type { ServerListQuery, ServerPage } from '@common/admin/schemas';
import { api } from '@web/api/client';
import { serverListPath } from '@web/components/data-table';

// what the admin money screens read and do, answers parsed with the common/
// schemas. Every key starts with 'admin' (a saved admin form marks these stale too).

const id = (value: string) => encodeURIComponent(value);

export const moneyKeys = {
  all: ['admin', 'money'],
  subscriptions: (userId: string) => ['admin', 'money', 'user', userId, 'subscriptions'],
  payments: (userId: string) => ['admin', 'money', 'user', userId, 'payments'],
  subscribers: (facilitatorId: string) => ['admin', 'money', 'facilitator', facilitatorId, 'subscribers'],
} as const;

// money changes under the provider's and other admins' hands: each visit asks again
const fresh = { staleTime: 0 } as const;

/** GET admin/user/{id}/subscriptions */
export const userSubscriptionsQuery = (userId: string) =>
  queryOptions({
    queryKey: moneyKeys.subscriptions(userId),
    queryFn: async () => z.array(AdminSubscriptionRow).parse(await api.call(`admin/user/${id(userId)}/subscriptions`)),
    ...fresh,
  });

/** GET admin/user/{id}/payments */
export const userPaymentsQuery = (userId: string) =>
  queryOptions({
    queryKey: moneyKeys.payments(userId),
    queryFn: async () => z.array(AdminPaymentRow).parse(await api.call(`admin/user/${id(userId)}/payments`)),
    ...fresh,
  });

/** GET admin/facilitator/{id}/subscribers?limit=&sort=email|tier&dir=&search=&after|before= */
export const fetchSubscribersPage =
  (facilitatorId: string) =>
  async (query: ServerListQuery): Promise<ServerPage<AdminSubscriptionRow>> =>
    AdminSubscriberPage.parse(
      await api.call(serverListPath(`admin/facilitator/${id(facilitatorId)}/subscribers`, query)),
    );

export const useUserSubscriptions = (userId: string) => useQuery(userSubscriptionsQuery(userId));
export const useUserPayments = (userId: string) => useQuery(userPaymentsQuery(userId));

export type CancelWhen = 'now' | 'period_end';

/** POST admin/subscription/{id}/cancel {when}; every money list is asked again afterwards. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ subscriptionId, when }: { subscriptionId: string; when: CancelWhen }) =>
      CancelSubscriptionAnswer.parse(await api.call(`admin/subscription/${id(subscriptionId)}/cancel`, { when })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}

/** POST admin/payment/{id}/refund {amount} (dollars); every money list is asked again afterwards. */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ paymentId, amount }: { paymentId: string; amount: number }) =>
      RefundPaymentAnswer.parse(await api.call(`admin/payment/${id(paymentId)}/refund`, { amount })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}
