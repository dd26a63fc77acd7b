import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (web/sw/sw.ts, built to /sw.js) for the whole site. main.tsx
 * loads this module once the first page is idle, so workbox-window is never on a first page's
 * critical path.
 */
export function registerServiceWorker() {
  const wb = new Workbox('/sw.js', { scope: '/' });
  void wb.register({ immediate: true });
  return wb;
}
