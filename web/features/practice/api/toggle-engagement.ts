import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentAnswer } from '@common/content/schemas';
import { EngagementAnswer } from '@common/practice/schemas';
import { sendOrQueue, WriteRefused, type WriteResult } from '../offline/queued-practice';
import { holdsEngagement, patchEngagement, refreshEngagement } from './practice-keys';

type Flag = 'isComplete' | 'isFavourite';

/** A toggle's press: the item, and the state the member chose for it. */
export type FlagChoice = { content: Pick<ContentAnswer, '_id' | 'title'>; value: boolean };

/**
 * A per-user flag: shown as chosen at once, replaced by the server's record when it answers, then
 * the lists are fetched again (a refusal is undone by that refetch, with a toast). Offline the
 * choice waits in the offline queue and stays shown (marked "will sync", queued-practice.ts).
 */
export function useToggleEngagement(flag: Flag, failText: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // offline the write goes to the offline queue: never held back as a paused mutation
    networkMode: 'always',
    mutationFn: ({ content, value }: FlagChoice): Promise<WriteResult> =>
      sendOrQueue({
        kind: flag === 'isComplete' ? 'complete' : 'favourite',
        contentId: content._id,
        title: content.title,
        value,
      }),
    onMutate: async ({ content, value }) => {
      await queryClient.cancelQueries({ predicate: (query) => holdsEngagement(query.queryKey) });
      patchEngagement(queryClient, content._id, (record) => ({ ...record, [flag]: value }));
    },
    onSuccess: (result) => {
      if (!result.sent) return;
      const record = EngagementAnswer.parse(result.answer);
      patchEngagement(queryClient, record.content, () => record);
    },
    // sonner loads with the first failure: it is not on the daily page's way to its first paint
    onError: (error) =>
      import('sonner').then(({ toast }) => toast.error(error instanceof WriteRefused ? error.message : failText)),
    // a queued choice is not fetched again: the server does not know it yet
    onSettled: (result) => (result?.sent === false ? undefined : refreshEngagement(queryClient)),
  });
}
