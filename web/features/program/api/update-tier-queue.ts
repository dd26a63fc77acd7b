import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AppAnswer } from '@common/practice/schemas';
import { TierAnswer } from '@common/tiers/schemas';
import { api } from '@web/api/client';
import { formErrorText } from '@web/components/form/error-text';
import { programAppKey, programKey } from './get-program';

export type TierQueue = { tierId: string; contentQueue: string[] };

/**
 * POST app/tier {_id, contentQueue} (spec 02 §7: 'POST app/tier also used to reorder contentQueue'):
 * the whole new order, which also adds an item to the end or takes one out.
 */
export async function updateTierQueue({ tierId, contentQueue }: TierQueue): Promise<TierAnswer | undefined> {
  const answer = await api.call('app/tier', { _id: tierId, contentQueue });
  const parsed = TierAnswer.safeParse(answer);
  return parsed.success ? parsed.data : undefined;
}

const withQueue = (app: AppAnswer | undefined, { tierId, contentQueue }: TierQueue) =>
  app && { ...app, tiers: app.tiers.map((t) => (t._id === tierId ? { ...t, contentQueue } : t)) };

const queueMutationKey = (tierId: string) => [...programKey, 'tier-queue', tierId] as const;

/** Shows the new order at once; the calls of one tier run one after another, in click order. */
export function useUpdateTierQueue(tierId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: queueMutationKey(tierId),
    mutationFn: updateTierQueue,
    scope: { id: `tier-queue-${tierId}` },
    onMutate: async (next: TierQueue) => {
      await queryClient.cancelQueries({ queryKey: programAppKey });
      const previous = queryClient.getQueryData<AppAnswer>(programAppKey);
      queryClient.setQueryData<AppAnswer>(programAppKey, (app) => withQueue(app, next));
      return { previous };
    },
    onError: (error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(programAppKey, context.previous);
      toast.error(`The queue was not saved: ${formErrorText(error)}`);
    },
    // Only the last call of a burst refetches, so an older answer never overwrites a newer order.
    // (a settling call still counts itself as running).
    onSettled: () =>
      queryClient.isMutating({ mutationKey: queueMutationKey(tierId) }) <= 1
        ? queryClient.invalidateQueries({ queryKey: programKey })
        : undefined,
  });
}
