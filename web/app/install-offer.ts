/**
 * Whether this browser lets the member install the app, and how: Chromium's
 * `beforeinstallprompt` event, kept from the moment it fires (main.tsx listens from the start)
 * so the account menu can offer "Install app" and show the browser's own dialog; on iPhone and
 * iPad, where no browser has that event, the menu explains Share → Add to Home Screen. Nothing
 * is offered in the installed app itself.
 */
import { useSyncExternalStore } from 'react';

/** Chromium's event; not in TypeScript's DOM types, which follow the standards. */
type InstallPromptEvent = Event & {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

/** 'prompt': the browser's install dialog can be opened; 'ios': Add to Home Screen by hand. */
export type InstallOffer = 'prompt' | 'ios' | 'none';

let deferred: InstallPromptEvent | undefined;
let installed = false;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** Listens for the browser's install offer and for the app being installed; call once, early. */
export function captureInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    // the browser's own banner stays away: the account menu offers the install instead
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = undefined;
    installed = true;
    changed();
  });
}

/** Running as the installed app (from the home screen), not in a browser tab. */
const standalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** An iPhone or iPad (iPadOS says it is a Mac, but one with touch). */
const appleTouchDevice = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);

function currentOffer(): InstallOffer {
  if (installed || standalone()) return 'none';
  if (deferred) return 'prompt';
  return appleTouchDevice() ? 'ios' : 'none';
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** What this browser offers now; follows the browser's events. */
export const useInstallOffer = () => useSyncExternalStore(subscribe, currentOffer, () => 'none' as const);

/** Opens the browser's install dialog (the event can be used once; the browser may offer again). */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (!event) return;
  deferred = undefined;
  changed();
  await event.prompt();
  await event.userChoice.catch(() => undefined);
}
