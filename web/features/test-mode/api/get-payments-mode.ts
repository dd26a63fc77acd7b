import { queryOptions, useQuery } from '@tanstack/react-query';
import { readPaymentsMode } from '@common/payments/mode-answer';
import { api } from '@web/api/client';

/** GET payments/mode (public): which payments this install runs. It does not change while the page is open. */
export const paymentsModeQuery = () =>
  queryOptions({
    queryKey: ['payments-mode'] as const,
    queryFn: async () => readPaymentsMode(await api.call('payments/mode')),
    staleTime: Infinity,
    retry: false,
  });

export const usePaymentsMode = () => useQuery(paymentsModeQuery());
