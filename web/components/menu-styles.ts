/**
 * The item a header menu's arrow keys are on (Headless UI `data-focus`): a tint and a 2 px outline
 * in the brand colour (over 3:1 against white, WCAG 1.4.11), which forced colours keep. The tint
 * alone was 1.09:1 (issue 21).
 */
export const menuItemActiveStyles =
  'data-focus:bg-stone-100 data-focus:outline-2 data-focus:-outline-offset-2 data-focus:outline-brand-700';
