import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { RevenueAnswer, type RevenuePeriod } from '@common/payments/schemas';
import { api } from '@web/api/client';

/** Every query of this feature sits under this key. */
export const earningsKey = ['earnings'] as const;

/** GET app/facilitator/revenue?period=: revenue per tier per day or month, in cents. */
export async function getRevenue(period: RevenuePeriod): Promise<RevenueAnswer> {
  return RevenueAnswer.parse(await api.call(`app/facilitator/revenue?period=${period}`));
}

export const revenueQueryOptions = (period: RevenuePeriod) =>
  queryOptions({ queryKey: [...earningsKey, 'revenue', period], queryFn: () => getRevenue(period) });

/** Keeps the previous period's chart on screen while the next one loads, so the card does not jump. */
export const useRevenue = (period: RevenuePeriod) =>
  useQuery({ ...revenueQueryOptions(period), placeholderData: keepPreviousData });
