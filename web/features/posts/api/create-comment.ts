import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CommentAnswer, type ViewPostAnswer } from '@common/posts/schemas';
import { api } from '@web/api/client';
import { updateCachedPost, viewPostKey } from './post-cache';

export type NewComment = { commentText: string; replyTo?: string };

/** POST app/create-comment/{id} {commentText, replyTo?}: the created comment (a reply carries `parent`). */
export async function createComment(postId: string, comment: NewComment): Promise<CommentAnswer> {
  return CommentAnswer.parse(await api.call(`app/create-comment/${encodeURIComponent(postId)}`, comment));
}

export function useCreateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: NewComment) => createComment(postId, comment),
    onSuccess: (comment) => {
      queryClient.setQueryData<ViewPostAnswer>(
        viewPostKey(postId),
        (data) => data && { ...data, comments: [...data.comments, comment] },
      );
      updateCachedPost(queryClient, postId, (post) => ({ ...post, comments: post.comments + 1 }));
    },
  });
}
