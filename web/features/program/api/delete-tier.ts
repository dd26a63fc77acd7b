import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppAnswer } from '@common/practice/schemas';
import { TierDeletableAnswer } from '@common/tiers/schemas';
import { api } from '@web/api/client';
import { programAppKey, programKey } from './get-program';

/**
 * DELETE app/tier/{id}: whether it was deleted. A tier with active subscribers answers 409, which
 * the page shows as "You can't delete this program right now".
 */
export const deleteTier = (id: string): Promise<boolean> => api.remove(`app/tier/${encodeURIComponent(id)}`);

export function useDeleteTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTier,
    onSuccess: async (deleted, id) => {
      if (!deleted) return;
      // Gone from the page at once, so the selection never falls back onto it.
      queryClient.setQueryData<AppAnswer>(
        programAppKey,
        (app) => app && { ...app, tiers: app.tiers.filter((t) => t._id !== id) },
      );
      await queryClient.invalidateQueries({ queryKey: programKey });
    },
  });
}

/** GET app/tier/{id}/deletable: asked before the confirmation, so a blocked delete is said first. */
export async function checkTierDeletable(id: string): Promise<TierDeletableAnswer> {
  return TierDeletableAnswer.parse(await api.call(`app/tier/${encodeURIComponent(id)}/deletable`));
}
