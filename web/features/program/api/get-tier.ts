import { queryOptions, useQuery } from '@tanstack/react-query';
import { TierAnswer } from '@common/tiers/schemas';
import { api } from '@web/api/client';
import { programKey } from './get-program';

export const tierKey = (id: string) => [...programKey, 'tier', id] as const;

/** GET app/tier/{id}: one of the facilitator's own tiers, for the tier form. */
export async function getTier(id: string): Promise<TierAnswer> {
  return TierAnswer.parse(await api.call(`app/tier/${encodeURIComponent(id)}`));
}

export const tierQueryOptions = (id: string) => queryOptions({ queryKey: tierKey(id), queryFn: () => getTier(id) });

/** Skipped for the word 'new' (the generic form load). */
export const useTier = (id: string) => useQuery({ ...tierQueryOptions(id), enabled: id !== 'new' });
