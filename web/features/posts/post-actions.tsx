import type { ReactNode } from 'react';
import { ChatBubbleOvalLeftIcon } from '@heroicons/react/24/outline';
import type { PostAnswer } from '@common/posts/schemas';
import { HeartButton } from './heart-button';
import clsx from 'clsx';
import { postToolBaseStyles } from './post-tool-styles';

export const commentCountText = (count: number) => `${count} ${count === 1 ? 'comment' : 'comments'}`;

/** The row under a post: hearts with the toggle, the comment count (a button when it opens the post). */
export function PostActions({
  post,
  userId,
  onOpen,
  children,
}: {
  post: PostAnswer;
  userId: string | undefined;
  onOpen?: () => void;
  children?: ReactNode;
}) {
  const count = (
    <>
      <ChatBubbleOvalLeftIcon aria-hidden="true" className="size-5" />
      {commentCountText(post.comments)}
    </>
  );
  return (
    <div className="mt-3 flex flex-wrap items-center gap-1 border-t border-stone-100 pt-2">
      <HeartButton post={post} userId={userId} />
      {onOpen ? (
        <button
          type="button"
          onClick={onOpen}
          aria-haspopup="dialog"
          className={clsx(postToolBaseStyles, 'hover:bg-stone-100')}
        >
          {count}
        </button>
      ) : (
        <span className="inline-flex min-h-9 items-center gap-1.5 px-3 text-sm font-medium text-stone-600">
          {count}
        </span>
      )}
      {children && <div className="ml-auto flex flex-wrap items-center justify-end gap-1">{children}</div>}
    </div>
  );
}
