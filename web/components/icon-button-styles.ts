/** A round 40 px button holding only an icon (menus, Back on phones); it needs an aria-label. */
export const roundIconButtonStyles =
  'flex size-10 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100 hover:text-stone-900';

/** A round icon button that opens a menu stays tinted while its menu is open (Headless UI `data-open`). */
export const menuButtonOpenStyles = 'data-open:bg-stone-100 data-open:text-stone-900';
