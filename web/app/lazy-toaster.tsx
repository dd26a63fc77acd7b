import { lazy, Suspense, useEffect, useState } from 'react';

/** spec 01 §9: toasts auto-close after 5000 ms by default. */
const TOAST_DURATION_MS = 5000;

const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

/** Runs `then` once the page has loaded and the browser is idle (a timer where there is no idle callback). */
function whenIdle(then: () => void) {
  let idle: number | undefined;
  const schedule = () => {
    idle = window.requestIdleCallback ? window.requestIdleCallback(then) : window.setTimeout(then, 1);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idle);
  };
}

/**
 * The toasts' outlet, loaded once the first page is up (issue 19 item 7: sonner is 7 KB gzipped
 * that no first page shows). A toast raised before then is not lost: sonner keeps the active
 * toasts and shows them when its Toaster subscribes.
 */
export function LazyToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster duration={TOAST_DURATION_MS} position="top-right" richColors closeButton />
    </Suspense>
  );
}
