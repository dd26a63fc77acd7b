import clsx from 'clsx';

/** The segmented tab bar used across the app (Headless UI TabList/Tab). */
export const tabListStyles = 'flex gap-1 rounded-xl bg-stone-100 p-1 sm:inline-flex';

/**
 * How the selected tab stands out. Forced colours drop its white fill and shadow, so there it takes
 * the system's selection colours; every tab keeps a border there, transparent otherwise.
 */
export const tabSelectedStyles = clsx(
  'border border-transparent data-selected:bg-white data-selected:text-brand-800 data-selected:shadow-sm',
  'forced-colors:data-selected:bg-[color:Highlight] forced-colors:data-selected:text-[color:HighlightText]',
);

/** A tab of the bar: equal widths on phones, padded on wider screens. */
export const tabStyles = clsx(
  'min-h-11 flex-1 rounded-lg px-3 text-sm font-semibold whitespace-nowrap text-stone-600',
  'hover:text-stone-900 sm:px-6',
  tabSelectedStyles,
);
