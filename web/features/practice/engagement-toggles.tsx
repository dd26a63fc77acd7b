import clsx from 'clsx';
import { HeartIcon as HeartOutline } from '@heroicons/react/24/outline';
import { HeartIcon as HeartSolid } from '@heroicons/react/24/solid';
import type { ContentAnswer } from '@common/content/schemas';
import { useCompleteContent } from './api/complete-content';
import { useFavouriteContent } from './api/favourite-content';

type ToggleProps = {
  content: Pick<ContentAnswer, '_id' | 'title'>;
  on: boolean;
  /** Shows a visible word beside the control (cards, modal); the table cell shows the box alone. */
  showLabel?: boolean;
  className?: string;
};

/** 'Mark Done': a checkbox per item; the server toggles and the lists refresh. */
export function MarkDoneToggle({ content, on, showLabel = false, className }: ToggleProps) {
  const { mutate, isPending } = useCompleteContent();
  return (
    <label
      className={clsx(
        'inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-2',
        'rounded-lg text-sm font-medium text-stone-700',
        showLabel && 'px-2 hover:bg-stone-100',
        className,
      )}
    >
      <input
        type="checkbox"
        checked={on}
        aria-label={`Mark ${content.title} done`}
        aria-busy={isPending || undefined}
        // A second click while the first is on its way would toggle the item back.
        onChange={() => !isPending && mutate(content._id)}
        className="size-5 cursor-pointer rounded accent-brand-700"
      />
      {showLabel && <span aria-hidden="true">Done</span>}
    </label>
  );
}

/** Favourite on/off (Past practices, Courses): a pressed-state heart button. */
export function FavouriteToggle({ content, on, showLabel = false, className }: ToggleProps) {
  const { mutate, isPending } = useFavouriteContent();
  const Heart = on ? HeartSolid : HeartOutline;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={`Favourite ${content.title}`}
      aria-busy={isPending || undefined}
      onClick={() => !isPending && mutate(content._id)}
      className={clsx(
        'inline-flex min-h-11 min-w-11 items-center justify-center gap-2',
        'rounded-lg text-sm font-medium',
        'hover:bg-stone-100',
        on ? 'text-rose-700' : 'text-stone-600',
        showLabel && 'px-2',
        className,
      )}
    >
      <Heart className="size-5" aria-hidden="true" />
      {showLabel && <span aria-hidden="true">Favourite</span>}
    </button>
  );
}
