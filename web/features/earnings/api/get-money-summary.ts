import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MoneySummaryAnswer } from '@common/payments/money-schemas';
import type { RevenuePeriod } from '@common/payments/schemas';
import { api } from '@web/api/client';
import { earningsKey } from './get-revenue';

/** GET app/facilitator/money?period=: MRR, paying members and the period's money, in dollars. */
export async function getMoneySummary(period: RevenuePeriod): Promise<MoneySummaryAnswer> {
  return MoneySummaryAnswer.parse(await api.call(`app/facilitator/money?period=${period}`));
}

export const moneySummaryQueryOptions = (period: RevenuePeriod) =>
  queryOptions({ queryKey: [...earningsKey, 'money', period], queryFn: () => getMoneySummary(period) });

/** Like the chart: the last period's figures stay up, dimmed, while the next load. */
export const useMoneySummary = (period: RevenuePeriod) =>
  useQuery({ ...moneySummaryQueryOptions(period), placeholderData: keepPreviousData });
