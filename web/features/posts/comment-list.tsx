import { HiddenPendingReview, ReportButton } from '@web/components/report-dialog';
import { useState } from 'react';
import { ArrowUturnLeftIcon, PencilSquareIcon } from '@heroicons/react/24/outline';
import { ANONYMOUS_AUTHOR, COMMENT_TEXT_MAX, type CommentAnswer } from '@common/posts/schemas';
import { BLOCK_TEXTS } from '@common/blocks/schemas';
import { CollapsedRow } from './collapsed-row';
import { useEditComment } from './api/edit-comment';
import { CommentBox } from './comment-box';
import { EditTextForm } from './edit-text-form';
import { commentElementId, useFocusOnArrival } from './focus-on-arrival';
import { PostAuthor } from './post-author';
import { PostText } from './post-text';
import clsx from 'clsx';

type Thread = { comment: CommentAnswer; replies: CommentAnswer[] };

/** Top-level comments, oldest first, each followed by its replies (one level). */
export function threadsOf(comments: CommentAnswer[]): Thread[] {
  const threads = new Map<string, Thread>();
  for (const comment of comments) if (!comment.parent) threads.set(comment._id, { comment, replies: [] });
  for (const comment of comments) if (comment.parent) threads.get(comment.parent)?.replies.push(comment);
  return [...threads.values()];
}

const toolStyle = clsx(
  'inline-flex min-h-8 items-center gap-1 px-2',
  'rounded-full text-xs font-medium text-stone-600',
  'hover:bg-stone-100 hover:text-stone-900',
);

/** A post's comments with their replies: author (linked), text, time, 'edited'; Reply for all, Edit for the author. */
export function CommentList({
  postId,
  comments,
  userId,
}: {
  postId: string;
  comments: CommentAnswer[];
  userId?: string;
}) {
  // the thread the reply box opens under, and the comment it answers (a reply's author is told)
  const [replying, setReplying] = useState<{ thread: string; to: CommentAnswer } | null>(null);
  if (comments.length === 0)
    return <p className="py-2 text-sm text-stone-500">No comments yet. Be the first to reply.</p>;
  return (
    <ul aria-label="Comments" className="space-y-4">
      {threadsOf(comments).map(({ comment, replies }) => (
        <li key={comment._id} className="space-y-2">
          <CommentItem
            postId={postId}
            comment={comment}
            userId={userId}
            onReply={() => setReplying({ thread: comment._id, to: comment })}
          />
          {(replies.length > 0 || replying?.thread === comment._id) && (
            <div className="ml-6 space-y-3 border-l-2 border-stone-100 pl-4 sm:ml-11">
              {replies.length > 0 && (
                <ul aria-label={`Replies to ${comment.user.name}`} className="space-y-3">
                  {replies.map((reply) => (
                    <li key={reply._id}>
                      <CommentItem
                        postId={postId}
                        comment={reply}
                        userId={userId}
                        onReply={() => setReplying({ thread: comment._id, to: reply })}
                      />
                    </li>
                  ))}
                </ul>
              )}
              {replying?.thread === comment._id && (
                <CommentBox
                  key={replying.to._id}
                  postId={postId}
                  replyTo={{ _id: replying.to._id, name: replying.to.user.name }}
                  onDone={() => setReplying(null)}
                />
              )}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function CommentItem({
  postId,
  comment,
  userId,
  onReply,
}: {
  postId: string;
  comment: CommentAnswer;
  userId?: string;
  onReply: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [shown, setShown] = useState(false);
  const edit = useEditComment(postId, comment._id);
  const isAuthor = userId !== undefined && userId === comment.user._id && comment.user._id !== ANONYMOUS_AUTHOR._id;
  const elementId = commentElementId(comment._id);
  // the writer's new comment takes focus when it appears, not a tab stop otherwise
  const item = useFocusOnArrival<HTMLDivElement>(elementId);
  if (comment.authorBlocked && !shown)
    return (
      <div ref={item} id={elementId} tabIndex={-1}>
        <CollapsedRow text={BLOCK_TEXTS.collapsedComment} onShow={() => setShown(true)} />
      </div>
    );
  return (
    <div ref={item} id={elementId} tabIndex={-1} className="space-y-1.5">
      <PostAuthor author={comment.user} postedDate={comment.postedDate} size="sm" edited={comment.edited} />
      {editing ? (
        <div className="pl-11">
          <EditTextForm
            label="Edit your comment"
            initial={comment.text}
            max={COMMENT_TEXT_MAX}
            onSave={async (text) => {
              await edit.mutateAsync(text);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        </div>
      ) : (
        <>
          <PostText text={comment.text} className="pl-11" />
          {comment.hidden && isAuthor && (
            <div className="pl-11">
              <HiddenPendingReview />
            </div>
          )}
          <div className="flex gap-1 pl-9">
            <button type="button" onClick={onReply} className={toolStyle} aria-label={`Reply to ${comment.user.name}`}>
              <ArrowUturnLeftIcon aria-hidden="true" className="size-3.5" />
              Reply
            </button>
            {isAuthor && (
              <button type="button" onClick={() => setEditing(true)} className={toolStyle} aria-label="Edit comment">
                <PencilSquareIcon aria-hidden="true" className="size-3.5" />
                Edit
              </button>
            )}
            {!isAuthor && userId !== comment.user._id && (
              <ReportButton targetType="comment" targetId={comment._id} className={toolStyle} />
            )}
          </div>
        </>
      )}
    </div>
  );
}
