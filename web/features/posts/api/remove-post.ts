import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client';
import { dropCachedPost } from './post-cache';

export const REMOVE_FAILED = 'The post could not be removed. Please try again.';

/** DELETE app/get-posts/{id}: only the author may (403 otherwise). */
export async function removePost(id: string): Promise<void> {
  if (!(await api.remove(`app/get-posts/${encodeURIComponent(id)}`))) throw new Error(REMOVE_FAILED);
}

export function useRemovePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePost,
    onSuccess: (_answer, id) => dropCachedPost(queryClient, id),
  });
}
