import { useState } from 'react';
import { DialogTitle, MenuItem } from '@headlessui/react';
import clsx from 'clsx';
import { ArrowUpOnSquareIcon, DevicePhoneMobileIcon } from '@heroicons/react/24/outline';
import { promptInstall, type InstallOffer, useInstallOffer } from '@web/app/install-offer';
import { Button } from '@web/components/button';
import { DialogShell } from '@web/components/dialog-shell';
import { useBrand } from '@web/components/brand';
import { menuItemActiveStyles } from '@web/components/menu-styles';

const INSTALL_LABEL = 'Install app';

/** Share → Add to Home Screen, the way an iPhone or iPad installs a site. */
function AddToHomeScreenSteps({ id }: { id?: string }) {
  const { siteName } = useBrand();
  return (
    <ol id={id} className="list-decimal space-y-2 pl-5 text-sm text-stone-700">
      <li>
        Tap <strong>Share</strong>{' '}
        <ArrowUpOnSquareIcon className="inline size-5 align-text-bottom text-stone-500" aria-hidden="true" /> in the
        browser's toolbar.
      </li>
      <li>
        Choose <strong>Add to Home Screen</strong>.
      </li>
      <li>
        Tap <strong>Add</strong>: {siteName} opens from its icon, full screen, like an app.
      </li>
    </ol>
  );
}

/** The iPhone and iPad's steps, in a dialog (from the account menu). */
export function AddToHomeScreenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { siteName } = useBrand();
  return (
    <DialogShell open={open} onClose={onClose} className="max-w-sm">
      <DialogTitle className="text-lg font-semibold text-stone-900">Install {siteName} on this device</DialogTitle>
      <div className="mt-3">
        <AddToHomeScreenSteps />
      </div>
      <div className="mt-6 flex justify-end">
        <Button data-autofocus variant="secondary" onClick={onClose}>
          Done
        </Button>
      </div>
    </DialogShell>
  );
}

/** What the entry does: the browser's install dialog, or the iPhone's steps. */
function useInstallAction(offer: InstallOffer, showSteps: () => void) {
  return () => (offer === 'prompt' ? void promptInstall() : showSteps());
}

/**
 * The account menu's "Install app", when this browser can install the app (Chromium's offer)
 * or the member is on an iPhone or iPad (the steps); absent in the installed app.
 */
export function InstallAppMenuItem({ onShowSteps }: { onShowSteps: () => void }) {
  const offer = useInstallOffer();
  const install = useInstallAction(offer, onShowSteps);
  if (offer === 'none') return null;
  return (
    <MenuItem>
      <button
        type="button"
        onClick={install}
        className={clsx(
          'mx-2 flex w-[calc(100%-1rem)] items-center gap-3 rounded-lg px-2 py-2 text-left text-sm text-stone-700',
          menuItemActiveStyles,
        )}
      >
        <DevicePhoneMobileIcon className="size-5 shrink-0 text-stone-400" aria-hidden="true" />
        {INSTALL_LABEL}
      </button>
    </MenuItem>
  );
}

/**
 * The side menu's "Install app" (phones), a list item: the browser's install dialog, or the iPhone's steps
 * shown in place under it.
 */
export function InstallAppMenuButton({ onInstalling }: { onInstalling: () => void }) {
  const offer = useInstallOffer();
  const [stepsShown, setStepsShown] = useState(false);
  const install = useInstallAction(offer, () => setStepsShown((shown) => !shown));
  if (offer === 'none') return null;
  return (
    <li>
      <button
        type="button"
        onClick={() => {
          if (offer === 'prompt') onInstalling();
          install();
        }}
        aria-expanded={offer === 'ios' ? stepsShown : undefined}
        aria-controls={offer === 'ios' ? 'add-to-home-screen-steps' : undefined}
        className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-base font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-900"
      >
        <DevicePhoneMobileIcon className="size-5 shrink-0 text-stone-400" aria-hidden="true" />
        {INSTALL_LABEL}
      </button>
      {offer === 'ios' && stepsShown && (
        <div className="mx-3 mt-1 rounded-lg bg-stone-100 p-3">
          <AddToHomeScreenSteps id="add-to-home-screen-steps" />
        </div>
      )}
    </li>
  );
}
