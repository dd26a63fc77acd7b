import { queryOptions, useQuery } from '@tanstack/react-query';
import { PayoutsAnswer } from '@common/payments/money-schemas';
import { api } from '@web/api/client';
import { earningsKey } from './get-revenue';

/** GET app/facilitator/payouts: the provider's latest payouts to my bank account, newest first. */
export async function getPayouts(): Promise<PayoutsAnswer> {
  return PayoutsAnswer.parse(await api.call('app/facilitator/payouts'));
}

export const payoutsQueryOptions = () => queryOptions({ queryKey: [...earningsKey, 'payouts'], queryFn: getPayouts });

export const usePayouts = () => useQuery(payoutsQueryOptions());
