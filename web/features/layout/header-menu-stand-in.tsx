import { ClosedMenuButton } from '@web/components/closed-menu-button';
import type { HeaderMenuProps } from './header-menu';

/**
 * A header dropdown's button as it looks closed, for the first paint: the menu itself
 * (HeaderMenu, with Headless UI) loads just after it (web/app/after-first-paint.tsx).
 */
export function HeaderMenuStandIn({ buttonLabel, button }: HeaderMenuProps) {
  return <ClosedMenuButton label={buttonLabel}>{button}</ClosedMenuButton>;
}
