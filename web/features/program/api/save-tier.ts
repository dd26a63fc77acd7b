import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TierAnswer, type CreateTierRequest, type UpdateTierRequest } from '@common/tiers/schemas';
import { api } from '@web/api/client';
import { programKey } from './get-program';

export type SaveTierInput = { id: 'new'; values: CreateTierRequest } | { id: string; values: UpdateTierRequest };

/** POST app/tier/new (CreateTierRequest) or POST app/tier/{id} (UpdateTierRequest): the saved tier. */
export async function saveTier({ id, values }: SaveTierInput): Promise<TierAnswer> {
  return TierAnswer.parse(await api.call(`app/tier/${encodeURIComponent(id)}`, values));
}

export function useSaveTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programKey }),
  });
}
