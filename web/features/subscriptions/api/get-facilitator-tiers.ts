import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { TierAnswer } from '@common/tiers/schemas';
import { api } from '@web/api/client';
import { subscriptionKeys } from './subscription-keys';

const FacilitatorTiersAnswer = z.array(TierAnswer);

/** GET app/facilitator/{id}/tiers: published plans (all of them for the owner). */
export async function getFacilitatorTiers(id: string): Promise<TierAnswer[]> {
  return FacilitatorTiersAnswer.parse((await api.call(`app/facilitator/${encodeURIComponent(id)}/tiers`)) ?? []);
}

export const facilitatorTiersQueryOptions = (id: string) =>
  queryOptions({ queryKey: subscriptionKeys.facilitatorTiers(id), queryFn: () => getFacilitatorTiers(id) });

export const useFacilitatorTiers = (id: string) => useQuery(facilitatorTiersQueryOptions(id));
