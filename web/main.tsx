import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import { ApiError } from './api/client';
import { RenderErrorBoundary } from './components/error-panel';
import { createAppRouter } from './router';
import 'sonner/dist/styles.css';
import './styles/app.css';

/** spec 01 §9: toasts auto-close after 5000 ms by default. */
const TOAST_DURATION_MS = 5000;

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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RenderErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster duration={TOAST_DURATION_MS} position="top-right" richColors closeButton />
      </QueryClientProvider>
    </RenderErrorBoundary>
  </StrictMode>,
);
