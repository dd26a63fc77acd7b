import clsx from 'clsx';

/** A small pill label ('Free', 'Draft', 'Sample'); the caller adds its colours (bg, text, ring). */
export const pillBadgeStyles = 'rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

/** A count in a small round badge (unread messages, notifications); the caller adds its fill. */
export const countBadgeStyles = clsx(
  'flex h-5 min-w-5 items-center justify-center rounded-full',
  'text-[11px] font-semibold leading-none text-white',
);

/** A count badge pinned to the top right corner of an icon button. */
export const cornerCountBadgeStyles = clsx(countBadgeStyles, 'absolute -right-0.5 -top-0.5 px-1 ring-2 ring-white');
