import { useState, useSyncExternalStore } from 'react';
import { applyUpdate, updateState } from './app-update';

// the look of the primary and secondary buttons (web/components/button-styles.ts), written out:
// the first page's entry renders this, and the shared button styles load with the pages
const BUTTON =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
const PRIMARY = `${BUTTON} border border-transparent bg-brand-700 text-white shadow-sm hover:bg-brand-800`;
const SECONDARY = `${BUTTON} border border-stone-400 bg-white text-stone-800 shadow-sm hover:bg-stone-50`;

/**
 * "A new version is ready": shown while a new version waits, until the member reloads into it
 * (or puts it off until the next page load); "Updating" while an app that no longer speaks the
 * server's API reloads on its own. Its text is a polite live region, there (empty) from the
 * start so that screen readers announce it when it fills.
 */
export function UpdateBanner() {
  const state = useSyncExternalStore(updateState.subscribe, updateState.get, updateState.get);
  const [putOff, setPutOff] = useState(false);
  const shown = state === 'required' || (state === 'ready' && !putOff);
  const message =
    state === 'required'
      ? 'This app has been updated. Loading the new version…'
      : shown
        ? 'A new version is ready.'
        : '';
  return (
    <div
      className={
        shown
          ? 'fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-xl border border-stone-300 bg-white p-4 shadow-lg sm:bottom-4'
          : 'sr-only'
      }
      data-testid="update-banner"
    >
      <p role="status" className="min-w-0 flex-1 text-sm font-medium text-stone-900">
        {message}
      </p>
      {shown && state === 'ready' && (
        <div className="flex gap-2">
          <button type="button" className={SECONDARY} onClick={() => setPutOff(true)}>
            Later
          </button>
          <button type="button" className={PRIMARY} onClick={applyUpdate}>
            Reload
          </button>
        </div>
      )}
    </div>
  );
}
