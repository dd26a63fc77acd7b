import clsx from 'clsx';

/** 'Skip to content': hidden until focused, then pinned to the top left above everything. */
export const skipLinkStyles = clsx(
  'sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow',
  'focus:not-sr-only focus:fixed focus:left-4 focus:top-3',
);

/** The Back link above a screen's heading (an arrow icon and 'Back to …'). */
export const backLinkStyles = clsx(
  '-ml-2 inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2',
  'text-sm font-medium text-stone-600 hover:text-stone-900',
);
