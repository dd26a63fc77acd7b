import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CommentAnswer, type ViewPostAnswer } from '@common/posts/schemas';
import { api } from '@web/api/client';
import { viewPostKey } from './post-cache';

/** POST app/edit-comment/{id} {commentText}: the author's new text; answers the comment, marked edited. */
export async function editComment(id: string, commentText: string): Promise<CommentAnswer> {
  return CommentAnswer.parse(await api.call(`app/edit-comment/${encodeURIComponent(id)}`, { commentText }));
}

export function useEditComment(postId: string, commentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentText: string) => editComment(commentId, commentText),
    onSuccess: (comment) =>
      queryClient.setQueryData<ViewPostAnswer>(
        viewPostKey(postId),
        (data) => data && { ...data, comments: data.comments.map((c) => (c._id === comment._id ? comment : c)) },
      ),
  });
}
