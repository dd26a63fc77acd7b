import { HiddenPendingReview, ReportButton } from '@web/components/report-dialog';
import { useState } from 'react';
import type { CommentAnswer, PostAnswer } from '@common/posts/schemas';
import { Spinner } from '@web/components/spinner';
import { useRecordHit } from './api/increase-post-hits';
import { CommentBox } from './comment-box';
import { CommentList } from './comment-list';
import { EarlierCommentsButton } from './earlier-comments-button';
import { PostActions } from './post-actions';
import { PostAuthor } from './post-author';
import { PostMedia } from './post-media';
import { CopyLinkButton, EditPostButton, PostBody } from './post-tools';
import { RemovePostButton } from './remove-post-button';
import { useSignedInUserId } from './use-signed-in-user';

type PostThreadProps = {
  post: PostAnswer;
  /** undefined while they load. */
  comments: CommentAnswer[] | undefined;
  /** the cursor of the comments before these, null when they are all */
  earlierComments?: string | null;
  commentsFailed?: boolean;
  onRemoved?: () => void;
};

/** The full post with its comments and the comment box; opening it records a hit. */
export function PostThread({ post, comments, earlierComments, commentsFailed, onRemoved }: PostThreadProps) {
  const userId = useSignedInUserId();
  useRecordHit(post._id);
  const isAuthor = userId !== undefined && userId === post.user._id;
  const [editing, setEditing] = useState(false);

  return (
    <div>
      <PostAuthor author={post.user} postedDate={post.postedDate} anonymous={post.anonymous} edited={post.edited} />
      <PostBody post={post} editing={editing} onDone={() => setEditing(false)} className="mt-3 text-base" />
      {post.hidden && isAuthor && <HiddenPendingReview />}
      <PostMedia post={post} />
      <PostActions post={post} userId={userId}>
        <CopyLinkButton postId={post._id} />
        {isAuthor && !editing && <EditPostButton onEdit={() => setEditing(true)} />}
        {!isAuthor && userId !== undefined && <ReportButton targetType="post" targetId={post._id} />}
        {isAuthor && <RemovePostButton postId={post._id} onRemoved={onRemoved} />}
      </PostActions>

      <section aria-label="Comments" className="mt-4 space-y-4 border-t border-stone-100 pt-4">
        {comments && earlierComments && <EarlierCommentsButton postId={post._id} cursor={earlierComments} />}
        {comments ? (
          <CommentList postId={post._id} comments={comments} userId={userId} />
        ) : commentsFailed ? (
          <p role="alert" className="text-sm text-red-700">
            The comments could not be loaded.
          </p>
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm text-stone-500">
            <Spinner className="text-brand-700" /> Loading comments…
          </p>
        )}
        <CommentBox postId={post._id} />
      </section>
    </div>
  );
}
