import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { ApiError } from './api/client';
import { LazyToaster } from './app/lazy-toaster';
import { whenIdle } from './app/when-idle';
import { RenderErrorBoundary } from './components/error-panel';
import { createAppRouter } from './router';
import './styles/app.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will answer the same again; retry only network and server failures.
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
    },
  },
});

const router = createAppRouter(queryClient);

// the service worker registers once the first page is idle (not in the dev server, which has no /sw.js)
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  whenIdle(
    () => void import('./app/service-worker').then(({ registerServiceWorker }) => registerServiceWorker()),
    'load',
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RenderErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <LazyToaster />
      </QueryClientProvider>
    </RenderErrorBoundary>
  </StrictMode>,
);
