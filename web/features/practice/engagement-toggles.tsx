import { useId } from 'react';
import clsx from 'clsx';
import { CloudArrowUpIcon, HeartIcon as HeartOutline } from '@heroicons/react/24/outline';
import { HeartIcon as HeartSolid } from '@heroicons/react/24/solid';
import type { ContentAnswer } from '@common/content/schemas';
import { useCompleteContent } from './api/complete-content';
import { useFavouriteContent } from './api/favourite-content';
import { useWillSync } from './offline/queued-practice';

type ToggleProps = {
  content: Pick<ContentAnswer, '_id' | 'title'>;
  on: boolean;
  /** Shows a visible word beside the control (cards, modal); the table cell shows the box alone. */
  showLabel?: boolean;
  className?: string;
};

/**
 * "will sync": the choice is kept on this device and sent when the connection returns. The
 * control names it through aria-describedby (its name stays the action's), so it is hidden here.
 */
function WillSync({ id, compact }: { id: string; compact: boolean }) {
  return (
    <span
      id={id}
      aria-hidden="true"
      className={clsx(
        'inline-flex items-center gap-0.5 font-medium whitespace-nowrap text-amber-800',
        compact ? 'text-[11px] leading-none' : 'text-xs',
      )}
    >
      <CloudArrowUpIcon className="size-3.5" aria-hidden="true" />
      will sync
    </span>
  );
}

/** 'Mark Done': a checkbox per item; the server sets it (or the offline queue keeps it) and the lists refresh. */
export function MarkDoneToggle({ content, on, showLabel = false, className }: ToggleProps) {
  const { mutate, isPending } = useCompleteContent();
  const willSync = useWillSync('complete', content._id);
  const syncId = useId();
  return (
    <label
      className={clsx(
        'inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-2',
        'rounded-lg text-sm font-medium text-stone-700',
        showLabel && 'px-2 hover:bg-stone-100',
        !showLabel && willSync && 'flex-col gap-1 py-1',
        className,
      )}
    >
      <input
        type="checkbox"
        checked={on}
        aria-label={`Mark ${content.title} done`}
        aria-describedby={willSync ? syncId : undefined}
        aria-busy={isPending || undefined}
        // A second click while the first is on its way would toggle the item back.
        onChange={() => !isPending && mutate({ content, value: !on })}
        className="size-5 cursor-pointer rounded accent-brand-700"
      />
      {showLabel && <span aria-hidden="true">Done</span>}
      {willSync && <WillSync id={syncId} compact={!showLabel} />}
    </label>
  );
}

/** Favourite on/off (Past practices, Courses): a pressed-state heart button. */
export function FavouriteToggle({ content, on, showLabel = false, className }: ToggleProps) {
  const { mutate, isPending } = useFavouriteContent();
  const willSync = useWillSync('favourite', content._id);
  const syncId = useId();
  const Heart = on ? HeartSolid : HeartOutline;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={`Favourite ${content.title}`}
      aria-describedby={willSync ? syncId : undefined}
      aria-busy={isPending || undefined}
      onClick={() => !isPending && mutate({ content, value: !on })}
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
      {willSync && <WillSync id={syncId} compact={!showLabel} />}
    </button>
  );
}
