import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EngagementAnswer } from '@common/practice/schemas';
import { holdsEngagement, patchEngagement, refreshEngagement } from './practice-keys';

type Flag = 'isComplete' | 'isFavourite';

/**
 * A per-user toggle: shown flipped at once, replaced by the server's record when it
 * answers, then the lists are fetched again. A failure is undone by that refetch.
 */
export function useToggleEngagement(
  flag: Flag,
  toggle: (contentId: string) => Promise<EngagementAnswer>,
  failText: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggle,
    onMutate: async (contentId) => {
      await queryClient.cancelQueries({ predicate: (query) => holdsEngagement(query.queryKey) });
      patchEngagement(queryClient, contentId, (record) => ({ ...record, [flag]: !record[flag] }));
    },
    onSuccess: (record) => patchEngagement(queryClient, record.content, () => record),
    // sonner loads with the first failure: it is not on the daily page's way to its first paint
    onError: () => import('sonner').then(({ toast }) => toast.error(failText)),
    onSettled: () => refreshEngagement(queryClient),
  });
}
