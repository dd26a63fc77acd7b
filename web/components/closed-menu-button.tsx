import clsx from 'clsx';
import type { ReactNode } from 'react';
import { menuButtonOpenStyles, roundIconButtonStyles } from './icon-button-styles';

type ClosedMenuButtonProps = {
  label: string;
  /** Classes between the round icon button's and the open state's, as the real button has them. */
  className?: string;
  children: ReactNode;
};

/**
 * A header menu's round button drawn closed, as Headless UI's Menu draws it, for the first paint
 * until the menu itself loads (web/app/load-on-intent.tsx).
 */
export function ClosedMenuButton({ label, className, children }: ClosedMenuButtonProps) {
  return (
    <div className="relative">
      <button
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded="false"
        className={clsx(roundIconButtonStyles, className, menuButtonOpenStyles)}
      >
        {children}
      </button>
    </div>
  );
}
