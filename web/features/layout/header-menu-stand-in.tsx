import clsx from 'clsx';
import { menuButtonOpenStyles, roundIconButtonStyles } from '@web/components/icon-button-styles';
import type { HeaderMenuProps } from './header-menu';

/**
 * A header dropdown's button as it looks closed, for the first paint: the menu itself
 * (HeaderMenu, with Headless UI) loads just after it (web/app/after-first-paint.tsx).
 */
export function HeaderMenuStandIn({ buttonLabel, button }: HeaderMenuProps) {
  return (
    <div className="relative">
      <button
        type="button"
        aria-label={buttonLabel}
        aria-haspopup="menu"
        aria-expanded="false"
        className={clsx(roundIconButtonStyles, menuButtonOpenStyles)}
      >
        {button}
      </button>
    </div>
  );
}
