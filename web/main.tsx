import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { ApiError } from './api/client';
import { attachWorker, checkOnNavigation, startWorker } from './app/app-update';
import { captureInstallPrompt } from './app/install-offer';
import { LazyToaster } from './app/lazy-toaster';
import { keepReferral } from './app/referral-capture';
import { UpdateBanner } from './app/update-banner';
import { whenIdle } from './app/when-idle';
import { RenderErrorBoundary } from './components/error-panel';
import { failedOffline } from './components/use-online';
import { createAppRouter } from './router';
import './styles/app.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // offline a call is still made once: the service worker may answer it from what it kept
      // (web/sw/offline-data.ts); only the retries wait for the connection
      networkMode: 'offlineFirst',
      // A 4xx will answer the same again, and so will the network while the browser is offline
      // (the page says so and loads again once it is back); retry only network and server failures.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status < 500) && !failedOffline(error) && failureCount < 2,
    },
  },
});

const router = createAppRouter(queryClient);

// the browser's install offer can come at any time: listened for from the start
captureInstallPrompt();

// a referral code in the address the visitor arrived at is kept for their sign-up (first touch)
keepReferral(window.location.search);

/**
 * The service worker's install downloads the whole app shell, so it waits until the first page has
 * loaded, gone idle and had this long to itself: on a slow phone it never competes with the page
 * the member opened for the network or the processor.
 */
const WORKER_AFTER_LOAD_MS = 5_000;

// the service worker registers a while after the first page is idle, or sooner when an API answer
// names a newer build (not in the dev server, which has no /sw.js); each navigation may check for
// updates
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  attachWorker(async () => (await import('./app/service-worker')).registerServiceWorker());
  whenIdle(() => setTimeout(startWorker, WORKER_AFTER_LOAD_MS), 'load');
  router.subscribe(() => checkOnNavigation());
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RenderErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <LazyToaster />
        <UpdateBanner />
      </QueryClientProvider>
    </RenderErrorBoundary>
  </StrictMode>,
);
