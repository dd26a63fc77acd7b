import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppAnswer } from '@common/practice/schemas';
import { api } from '@web/api/client';
import { programAppKey, programKey } from './get-program';

export const DELETE_CONTENT_FAILED = 'This content could not be deleted. Please try again.';

/** DELETE app/content/{id}: also takes it out of every queue. */
export async function deleteContent(id: string): Promise<void> {
  if (!(await api.remove(`app/content/${encodeURIComponent(id)}`))) throw new Error(DELETE_CONTENT_FAILED);
}

const without = (app: AppAnswer | undefined, id: string) =>
  app && {
    ...app,
    content: app.content.filter((c) => c._id !== id),
    tiers: app.tiers.map((t) => ({ ...t, contentQueue: t.contentQueue.filter((q) => q !== id) })),
  };

export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContent,
    onSuccess: (_done, id) => {
      queryClient.setQueryData<AppAnswer>(programAppKey, (app) => without(app, id));
      void queryClient.invalidateQueries({ queryKey: programKey });
    },
  });
}
