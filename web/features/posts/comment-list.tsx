import type { CommentAnswer } from '@common/posts/schemas';
import { PostAuthor } from './post-author';
import { PostText } from './post-text';

/** A post's comments, oldest first: author, text, relative time. */
export function CommentList({ comments }: { comments: CommentAnswer[] }) {
  if (comments.length === 0) return <p className="py-2 text-sm text-stone-500">No comments yet. Be the first to reply.</p>;
  return (
    <ul aria-label="Comments" className="space-y-4">
      {comments.map((comment) => (
        <li key={comment._id} className="space-y-1.5">
          <PostAuthor author={comment.user} postedDate={comment.postedDate} size="sm" />
          <PostText text={comment.text} className="pl-11" />
        </li>
      ))}
    </ul>
  );
}
