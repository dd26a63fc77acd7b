import { ClosedMenuButton } from '@web/components/closed-menu-button';
import type { HeaderMenuProps } from './header-menu';

/**
 * A header dropdown's button as it looks closed, for the first paint: the menu itself
 * (HeaderMenu, with Headless UI) loads when reached for (web/app/load-on-intent.tsx).
 */
export function HeaderMenuStandIn({ buttonLabel, button }: HeaderMenuProps) {
  return <ClosedMenuButton label={buttonLabel}>{button}</ClosedMenuButton>;
}
