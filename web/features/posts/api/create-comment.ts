import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CommentAnswer, type ViewPostAnswer } from '@common/posts/schemas';
import { api } from '@web/api/client';
import { updateCachedPost, viewPostKey } from './post-cache';

/** POST app/create-comment/{id} {commentText}: the created comment. */
export async function createComment(postId: string, commentText: string): Promise<CommentAnswer> {
  return CommentAnswer.parse(await api.call(`app/create-comment/${encodeURIComponent(postId)}`, { commentText }));
}

export function useCreateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentText: string) => createComment(postId, commentText),
    onSuccess: (comment) => {
      queryClient.setQueryData<ViewPostAnswer>(viewPostKey(postId), (data) => data && { ...data, comments: [...data.comments, comment] });
      updateCachedPost(queryClient, postId, (post) => ({ ...post, comments: post.comments + 1 }));
    },
  });
}
