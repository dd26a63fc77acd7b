/// <reference lib="webworker" />
// The service worker (built by vite-plugin-pwa in injectManifest mode into dist/web/sw.js):
// the app shell precached at install, app pages answered with the precached index.html, and the
// modules of push notifications and offline practice, each in its own file.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { clientsClaim } from 'workbox-core';
import { NOT_APP_PATHS } from '../../common/app-paths';
import './push';
import './offline-data';
import './offline-media';

declare const self: ServiceWorkerGlobalScope;

// a new worker waits until the page's "Reload" (web/app/service-worker.ts) asks it to take over,
// so a page never runs against a shell it was not loaded with
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// an activated worker takes the open pages at once: the first has no older shell to keep them
// on, and a later one activates only on a page's consent or once no page is open
clientsClaim();

// the build writes the list of the app shell's files (with their revisions) here
precacheAndRoute(self.__WB_MANIFEST);
// caches of an earlier Workbox precache format go
cleanupOutdatedCaches();

// an app page opened (typed, a link, a reload) is the shell's index.html, as the server's
// history fallback would answer; the API, probes, images and files always go to the server
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [...NOT_APP_PATHS],
  }),
);
