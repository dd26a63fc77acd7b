import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BlockListAnswer, BlockStateAnswer } from '@common/blocks/schemas';
import { api } from '@web/api/client';

const blocksKey = ['blocks'] as const;
const blockStateKey = (id: string) => ['blocks', 'state', id] as const;

/** GET app/blocks: everyone I block, most recent first. */
export const useBlockedPeople = () =>
  useQuery({
    queryKey: blocksKey,
    queryFn: async () => BlockListAnswer.parse(await api.call('app/blocks')).blocked,
  });

/** GET app/block/{id}: whether I block this person now. */
export const useBlockState = (id: string, enabled = true) =>
  useQuery({
    queryKey: blockStateKey(id),
    queryFn: async () => BlockStateAnswer.parse(await api.call(`app/block/${id}`)).blocked,
    enabled,
  });

/**
 * POST (block) or DELETE (unblock) app/block/{id}. A block changes what many screens show (the
 * chat, the feed's collapsed rows, the bell), so every loaded answer is read again after.
 */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, blocked }: { id: string; blocked: boolean }) => {
      if (blocked) await api.call(`app/block/${id}`, {});
      else await api.removeOrThrow(`app/block/${id}`);
    },
    onSettled: () => queryClient.invalidateQueries(),
  });
}
