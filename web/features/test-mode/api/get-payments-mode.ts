import { queryOptions, useQuery } from '@tanstack/react-query';
import { PaymentsModeAnswer } from '@common/payments/mode';
import { api } from '@web/api/client';

/** GET payments/mode (public): which payments this install runs. It does not change while the page is open. */
export const paymentsModeQuery = () =>
  queryOptions({
    queryKey: ['payments-mode'] as const,
    queryFn: async () => PaymentsModeAnswer.parse(await api.call('payments/mode')).mode,
    staleTime: Infinity,
    retry: false,
  });

export const usePaymentsMode = () => useQuery(paymentsModeQuery());
