import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AppAnswer } from '@common/practice/schemas';
import { TierAnswer } from '@common/tiers/schemas';
import { ApiError, api } from '@web/api/client';
import { formErrorText } from '@web/components/form/error-text';
import { programAppKey, programKey } from './get-program';

export type TierQueue = {
  tierId: string;
  contentQueue: string[];
  /** The queue the new order was made from (the tier's queue as shown). */
  previousContentQueue: string[];
};

/**
 * POST app/tier {_id, contentQueue, previousContentQueue} (the tier's save call reorders its
 * queue too): the whole new order, which also adds an item to the end or takes one out.
 * The server refuses it with 409 `queue_changed` when the stored queue is no longer the one the
 * order was made from (changed in another tab), so an item added there is never dropped.
 */
export async function updateTierQueue({
  tierId,
  contentQueue,
  previousContentQueue,
}: TierQueue): Promise<TierAnswer | undefined> {
  const answer = await api.call('app/tier', { _id: tierId, contentQueue, previousContentQueue });
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
      // 409 queue_changed: changed in another tab; one toast however many calls waited
      if (isQueueChanged(error)) toast.error(formErrorText(error), { id: `queue-changed-${tierId}` });
      else toast.error(`The queue was not saved: ${formErrorText(error)}`);
    },
    // Only the last call of a burst refetches, so an older answer never overwrites a newer order
    // (a settling call still counts itself as running). A queue changed elsewhere is reloaded at once.
    onSettled: (_answer, error) =>
      isQueueChanged(error) || queryClient.isMutating({ mutationKey: queueMutationKey(tierId) }) <= 1
        ? queryClient.invalidateQueries({ queryKey: programKey })
        : undefined,
  });
}

const isQueueChanged = (error: unknown) => error instanceof ApiError && error.code === 'queue_changed';
