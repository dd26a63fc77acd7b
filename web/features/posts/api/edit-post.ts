import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PostAnswer } from '@common/posts/schemas';
import { api } from '@web/api/client';
import { updateCachedPost } from './post-cache';

/** POST app/edit-post/{id} {text}: the author's new text; answers the post, marked edited (403 for anyone else). */
export async function editPost(id: string, text: string): Promise<PostAnswer> {
  return PostAnswer.parse(await api.call(`app/edit-post/${encodeURIComponent(id)}`, { text }));
}

export function useEditPost(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => editPost(id, text),
    onSuccess: (post) =>
      updateCachedPost(queryClient, id, (cached) => ({ ...cached, text: post.text, edited: post.edited })),
  });
}
