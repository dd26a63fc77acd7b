/** The native select of the import screens, as the earnings screens draw theirs. */
export const selectClass =
  'min-h-9 w-full rounded-lg border-0 bg-white py-1.5 pr-8 pl-3 text-sm text-stone-900 ring-1 ring-stone-300 ring-inset focus:ring-2 focus:ring-brand-700';
