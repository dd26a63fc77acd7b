import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CommentAnswer, PostCommentsAnswer, type ViewPostAnswer } from '@common/posts/schemas';
import { api } from '@web/api/client';
import { viewPostKey } from './post-cache';

/** GET app/post/{id}/comments?cursor=: the page of comments before the ones shown. */
export async function earlierComments(postId: string, cursor: string): Promise<PostCommentsAnswer> {
  const path = `app/post/${encodeURIComponent(postId)}/comments?cursor=${encodeURIComponent(cursor)}`;
  return PostCommentsAnswer.parse(await api.call(path));
}

const withoutShown = (shown: CommentAnswer[], more: CommentAnswer[]) => {
  const ids = new Set(shown.map((comment) => comment._id));
  return more.filter((comment) => !ids.has(comment._id));
};

/** 'Show earlier comments': the page before goes in front of the post's comments in its cache. */
export function useShowEarlierComments(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cursor: string) => earlierComments(postId, cursor),
    onSuccess: (page) =>
      queryClient.setQueryData<ViewPostAnswer>(
        viewPostKey(postId),
        (data) =>
          data && {
            ...data,
            comments: [...withoutShown(data.comments, page.comments), ...data.comments],
            earlierComments: page.earlierComments,
          },
      ),
  });
}

/**
 * A refetch of the post (the window regains focus) answers only the newest page: the earlier
 * comments the reader opened stay, and so does one that the newest page no longer reaches.
 */
export function keepEarlierComments(old: ViewPostAnswer | undefined, fresh: ViewPostAnswer): ViewPostAnswer {
  const oldest = fresh.comments.find((comment) => !comment.parent);
  if (!old || !fresh.earlierComments || !oldest) return fresh;
  const before = new Set(
    old.comments.filter((c) => !c.parent && c.postedDate < oldest.postedDate).map((comment) => comment._id),
  );
  const kept = withoutShown(fresh.comments, old.comments).filter((c) => before.has(c.parent ?? c._id));
  return kept.length
    ? { ...fresh, comments: [...kept, ...fresh.comments], earlierComments: old.earlierComments }
    : fresh;
}
