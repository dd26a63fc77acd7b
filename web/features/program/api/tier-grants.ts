import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CreateGrantRequest, TierGrantAnswer, TierGrantsAnswer } from '@common/tiers/grants';
import { api } from '@web/api/client';
import { programKey } from './get-program';

const grantsKey = (tierId: string) => [...programKey, 'grants', tierId] as const;
const grantsPath = (tierId: string) => `app/tier/${encodeURIComponent(tierId)}/grants`;

/** GET app/tier/{id}/grants: the tier's complimentary access, newest first. */
export const useTierGrants = (tierId: string) =>
  useQuery(
    queryOptions({
      queryKey: grantsKey(tierId),
      queryFn: async () => TierGrantsAnswer.parse(await api.call(grantsPath(tierId))).grants,
      retry: false,
    }),
  );

/** POST app/tier/{id}/grants. */
export function useGiveGrant(tierId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateGrantRequest) => TierGrantAnswer.parse(await api.call(grantsPath(tierId), input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: grantsKey(tierId) }),
  });
}

/** DELETE app/tier/{id}/grants/{grantId}: a failure throws (the confirmation says why). */
export function useRevokeGrant(tierId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (grantId: string) => api.removeOrThrow(`${grantsPath(tierId)}/${encodeURIComponent(grantId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: grantsKey(tierId) }),
  });
}
