import { queryOptions, useQuery } from '@tanstack/react-query';
import { FacilitatorDashboardAnswer } from '@common/payments/schemas';
import { api } from '@web/api/client';
import { earningsKey } from './get-revenue';

/** GET app/facilitator/dashboard: 'Status of Tiers' and where payouts stand. */
export async function getFacilitatorDashboard(): Promise<FacilitatorDashboardAnswer> {
  return FacilitatorDashboardAnswer.parse(await api.call('app/facilitator/dashboard'));
}

export const facilitatorDashboardQueryOptions = () =>
  queryOptions({ queryKey: [...earningsKey, 'dashboard'], queryFn: getFacilitatorDashboard });

export const useFacilitatorDashboard = () => useQuery(facilitatorDashboardQueryOptions());
