import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CommentAnswer, type ViewPostAnswer } from '@common/posts/schemas';
import { api } from '@web/api/client';
import { useIntentKey } from '@web/api/idempotency-key';
import { updateCachedPost, viewPostKey } from './post-cache';

export type NewComment = { commentText: string; replyTo?: string };

/** POST app/create-comment/{id} {commentText, replyTo?}: the created comment (a reply carries `parent`). */
export async function createComment(
  postId: string,
  comment: NewComment,
  idempotencyKey?: string,
): Promise<CommentAnswer> {
  const path = `app/create-comment/${encodeURIComponent(postId)}`;
  return CommentAnswer.parse(await api.call(path, comment, { idempotencyKey }));
}

export function useCreateComment(postId: string) {
  const queryClient = useQueryClient();
  // a retry of the same comment sends the same key: stored once however often Post is pressed
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (comment: NewComment) => createComment(postId, comment, intent.keyFor([postId, comment])),
    onSuccess: (comment) => {
      intent.done();
      queryClient.setQueryData<ViewPostAnswer>(
        viewPostKey(postId),
        (data) => data && { ...data, comments: [...data.comments, comment] },
      );
      updateCachedPost(queryClient, postId, (post) => ({ ...post, comments: post.comments + 1 }));
    },
  });
}
