import { type ReactNode, useState } from 'react';
import { NavLink } from 'react-router';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import clsx from 'clsx';
import { menuItemActiveStyles, menuPanelStyles } from '@web/components/menu-styles';
import type { NavEntry } from './navigation';
import { AddToHomeScreenDialog, InstallAppMenuItem } from './install-app';
import { roundIconButtonStyles } from '@web/components/icon-button-styles';
import { menuButtonOpenStyles } from '@web/components/icon-button-styles';

export type HeaderMenuProps = {
  buttonLabel: string;
  button: ReactNode;
  heading?: ReactNode;
  entries: NavEntry[];
  footer?: NavEntry[];
  /** "Install app" after the entries, when the browser can install the app */
  installEntry?: boolean;
};

/** A header dropdown (Headless UI Menu) of navigation entries. */
export function HeaderMenu({ buttonLabel, button, heading, entries, footer, installEntry }: HeaderMenuProps) {
  // the iPhone's steps outlive the menu, which closes as its entry is chosen
  const [installSteps, setInstallSteps] = useState(false);
  return (
    <>
      <Menu as="div" className="relative">
        <MenuButton aria-label={buttonLabel} className={clsx(roundIconButtonStyles, menuButtonOpenStyles)}>
          {button}
        </MenuButton>
        <MenuItems
          anchor={{ to: 'bottom end', gap: 8, padding: 8 }}
          transition
          className={clsx('z-50 w-60', menuPanelStyles)}
        >
          {heading}
          {entries.map((entry) => (
            <HeaderMenuItem key={entry.to} entry={entry} />
          ))}
          {installEntry && <InstallAppMenuItem onShowSteps={() => setInstallSteps(true)} />}
          {footer && footer.length > 0 && (
            <div className="mt-2 border-t border-stone-200 pt-2">
              {footer.map((entry) => (
                <HeaderMenuItem key={entry.to} entry={entry} />
              ))}
            </div>
          )}
        </MenuItems>
      </Menu>
      {installEntry && <AddToHomeScreenDialog open={installSteps} onClose={() => setInstallSteps(false)} />}
    </>
  );
}

function HeaderMenuItem({ entry }: { entry: NavEntry }) {
  const Icon = entry.icon;
  return (
    <MenuItem>
      <NavLink
        to={entry.to}
        end={entry.end}
        className={({ isActive }) =>
          clsx(
            'mx-2 flex items-center gap-3 rounded-lg px-2 py-2 text-sm',
            menuItemActiveStyles,
            isActive ? 'font-semibold text-brand-800' : 'text-stone-700',
          )
        }
      >
        <Icon className="size-5 shrink-0 text-stone-400" aria-hidden="true" />
        {entry.label}
      </NavLink>
    </MenuItem>
  );
}
