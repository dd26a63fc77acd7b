import clsx from 'clsx';
import { toast } from 'sonner';
import { HeartIcon as HeartOutline } from '@heroicons/react/24/outline';
import { HeartIcon as HeartSolid } from '@heroicons/react/24/solid';
import type { PostAnswer } from '@common/posts/schemas';
import { formErrorText } from '@web/components/form/error-text';
import { useToggleHeart } from './api/toggle-heart';

/** The heart button's accessible name: 'Heart, 1 heart', 'Heart, 3 hearts'. */
export const heartLabel = (count: number) => `Heart, ${count} ${count === 1 ? 'heart' : 'hearts'}`;

/** The heart count and the caller's toggle (hearts toggle per user). */
export function HeartButton({ post, userId }: { post: PostAnswer; userId: string | undefined }) {
  const toggle = useToggleHeart(post, userId);
  const hearted = Boolean(userId && post.hearts.includes(userId));
  const Icon = hearted ? HeartSolid : HeartOutline;
  const count = post.hearts.length;

  function click() {
    // One toggle at a time: the optimistic count must not race the server's answers.
    if (toggle.isPending) return;
    toggle.mutate(undefined, { onError: (error) => toast.error(formErrorText(error)) });
  }

  return (
    <button
      type="button"
      onClick={click}
      // one fixed name with the count ('Heart, 3 hearts'); aria-pressed alone says the state
      aria-pressed={hearted}
      aria-label={heartLabel(count)}
      className={clsx(
        'inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium transition-colors',
        hearted ? 'bg-rose-50 text-rose-700 hover:bg-rose-100' : 'text-stone-600 hover:bg-stone-100',
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
      <span data-testid="heart-count">{count}</span>
    </button>
  );
}
