import clsx from 'clsx';

/** The dimmed backdrop behind a dialog (Headless UI DialogBackdrop with `transition`). */
export const dialogBackdropStyles = clsx(
  'fixed inset-0 bg-stone-900/40',
  'transition-opacity duration-200 ease-out data-closed:opacity-0 motion-reduce:transition-none',
);

/** A dialog's white panel, sliding up as it opens; the caller adds its width and padding. */
export const dialogPanelStyles = clsx(
  'w-full rounded-2xl bg-white shadow-xl ring-1 ring-stone-200',
  'transition duration-200 ease-out data-closed:translate-y-4 data-closed:opacity-0 motion-reduce:transition-none',
);
