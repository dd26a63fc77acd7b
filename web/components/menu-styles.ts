import clsx from 'clsx';

/**
 * The item a header menu's arrow keys are on (Headless UI `data-focus`): a tint and a 2 px outline
 * in the brand colour (over 3:1 against white, WCAG 1.4.11), which forced colours keep. The tint
 * alone was 1.09:1.
 */
export const menuItemActiveStyles =
  'data-focus:bg-stone-100 data-focus:outline-2 data-focus:-outline-offset-2 data-focus:outline-brand-700';

/** A header menu's dropdown panel, scaling in from its top right corner; the caller sets z and width. */
export const menuPanelStyles = clsx(
  'origin-top-right rounded-xl border border-stone-200 bg-white py-2 shadow-lg outline-none!',
  'transition duration-100 ease-out data-closed:scale-95 data-closed:opacity-0',
);
