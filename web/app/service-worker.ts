import { Workbox } from 'workbox-window';
import { offerUpdate, type WorkerUpdates } from './app-update';

/** How often an open app asks whether a new version is out. */
const HOURLY = 60 * 60 * 1000;
/** A navigation or a return to the app asks again, at most this often. */
const CHECK_GAP = 60 * 1000;

let updates: WorkerUpdates | undefined;

/**
 * Registers the service worker (web/sw/sw.ts, built to /sw.js) for the whole site, once, and
 * answers how to update it. main.tsx loads this module once the first page is idle (or sooner,
 * when an API answer names a newer build: app-update.ts), so workbox-window is never on a first
 * page's critical path. A new worker waits (it never takes over on its own) until the member
 * agrees: the banner's Reload asks it to take over, and the page reloads once when it has.
 */
export function registerServiceWorker(): WorkerUpdates {
  if (updates) return updates;
  const wb = new Workbox('/sw.js', { scope: '/' });
  // a new worker installed beside the running one, now or at an earlier visit
  wb.addEventListener('waiting', () => offerUpdate());
  const registration = wb.register({ immediate: true }).catch(() => undefined);

  let lastCheck = Date.now();
  const check = (force = false) => {
    if (!force && Date.now() - lastCheck < CHECK_GAP) return;
    lastCheck = Date.now();
    void registration.then((reg) => reg?.update()).catch(() => undefined);
  };
  setInterval(() => check(true), HOURLY);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });

  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  // only once the member has agreed: the first worker also takes control (web/sw/sw.ts), and
  // that must not reload the page under them
  const takeOver = () => {
    navigator.serviceWorker.addEventListener('controllerchange', reloadOnce);
    wb.messageSkipWaiting();
  };

  updates = {
    check: () => check(true),
    checkSpaced: () => check(),
    apply: () => {
      void registration.then((reg) => (reg?.waiting ? takeOver() : reloadOnce()));
    },
    updateNow: () => {
      void registration.then(async (reg) => {
        if (!reg) return reloadOnce();
        await reg.update().catch(() => undefined);
        if (reg.waiting || (await installed(reg.installing))) return takeOver();
        // no newer worker to be had: this one must not serve its shell again
        await reg.unregister().catch(() => undefined);
        reloadOnce();
      });
    },
  };
  return updates;
}

/** True once `worker` (a new one installing) has installed; false when there is none or it failed. */
function installed(worker: ServiceWorker | null): Promise<boolean> {
  if (!worker) return Promise.resolve(false);
  return new Promise((resolve) => {
    const settle = () => {
      if (worker.state === 'installed' || worker.state === 'activated') resolve(true);
      else if (worker.state === 'redundant') resolve(false);
    };
    worker.addEventListener('statechange', settle);
    settle();
  });
}
