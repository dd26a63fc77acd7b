import clsx from 'clsx';
import { cardStyles } from '@web/components/card-styles';

/**
 * What someone I block wrote, collapsed to one row: the text says only that, and Show opens it
 * (nothing is hidden for good: a block is the blocker's own filter).
 */
export function CollapsedRow({ text, onShow, card = false }: { text: string; onShow: () => void; card?: boolean }) {
  return (
    <div
      className={clsx(
        'flex flex-wrap items-center gap-x-1 text-sm text-stone-600',
        card ? clsx(cardStyles, 'px-4 py-3 sm:px-5') : 'py-1',
      )}
    >
      <span>{text}</span>
      <span aria-hidden="true">·</span>
      <button
        type="button"
        onClick={onShow}
        aria-label={`Show the ${card ? 'post' : 'comment'}`}
        className="min-h-11 rounded px-1 font-medium text-brand-700 underline hover:text-brand-800 sm:min-h-0"
      >
        Show
      </button>
    </div>
  );
}
