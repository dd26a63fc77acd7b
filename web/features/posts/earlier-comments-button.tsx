import type { CommentAnswer } from '@common/posts/schemas';
import { Spinner } from '@web/components/spinner';
import { useShowEarlierComments } from './api/earlier-comments';
import { commentElementId, focusWhenShown } from './focus-on-arrival';
import clsx from 'clsx';

/**
 * Above a long conversation: loads the page of comments before the ones shown. Focus
 * moves to the oldest comment it brought, where reading goes on, never to <body> when the button
 * goes away at the first comment.
 */
export function EarlierCommentsButton({ postId, cursor }: { postId: string; cursor: string }) {
  const earlier = useShowEarlierComments(postId);
  const show = () =>
    earlier.mutate(cursor, {
      onSuccess: (page) => {
        const first: CommentAnswer | undefined = page.comments[0];
        if (first) focusWhenShown(commentElementId(first._id));
      },
    });
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={show}
        disabled={earlier.isPending}
        className={clsx(
          'inline-flex min-h-9 items-center gap-2 px-3',
          'rounded-full text-sm font-medium text-brand-800',
          'hover:bg-brand-50 disabled:opacity-70',
        )}
      >
        {earlier.isPending && <Spinner className="text-brand-700" />}
        {earlier.isPending ? 'Loading earlier comments…' : 'Show earlier comments'}
      </button>
      {earlier.isError && (
        <p role="alert" className="text-sm text-red-700">
          The earlier comments could not be loaded. Try again.
        </p>
      )}
    </div>
  );
}
