import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

/** Toasts auto-close after 5000 ms by default. */
const TOAST_DURATION_MS = 5000;

const Toaster = lazy(async () => ({ default: (await import('./toaster')).Toaster }));

/**
 * The toasts' outlet, loaded once the first page is up (sonner is 7 KB gzipped
 * and 14 KB of styles that no first page shows). A toast raised before then is not lost: sonner keeps the active
 * toasts and shows them when its Toaster subscribes.
 */
export function LazyToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true), 'load'), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster duration={TOAST_DURATION_MS} position="top-right" richColors closeButton />
    </Suspense>
  );
}
