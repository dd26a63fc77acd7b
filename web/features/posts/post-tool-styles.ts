/** A pill in a post's row of actions (comments, copy link, edit, remove); the caller adds its hover colours. */
export const postToolBaseStyles =
  'inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-stone-600 transition-colors';
