/** The segmented tab bar used across the app (Headless UI TabList/Tab). */
export const tabListStyles = 'flex gap-1 rounded-xl bg-stone-100 p-1 sm:inline-flex';

/** How the selected tab stands out. */
export const tabSelectedStyles = 'data-selected:bg-white data-selected:text-brand-800 data-selected:shadow-sm';

/** A tab of the bar: equal widths on phones, padded on wider screens. */
export const tabStyles = `min-h-11 flex-1 rounded-lg px-3 text-sm font-semibold whitespace-nowrap text-stone-600 hover:text-stone-900 sm:px-6 ${tabSelectedStyles}`;
