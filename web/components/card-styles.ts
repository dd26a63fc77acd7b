import clsx from 'clsx';

/** The app's white card: rounded, a light border and a soft shadow (lists, posts, panels). */
export const cardStyles = 'rounded-2xl border border-stone-200 bg-white shadow-sm';

/**
 * A card whose content is centred in a column: empty states, load failures, results. The caller
 * adds the vertical padding (py-8, py-10, py-12).
 */
export const centredCardStyles = clsx('flex flex-col items-center gap-3 px-6 text-center', cardStyles);
