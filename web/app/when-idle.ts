/**
 * Runs `then` in a quiet moment once `after` has happened: 'paint', the current frame painted (a
 * frame, then a task after it); 'load', the window's load event. The quiet moment is an idle
 * callback (at most a second later), or a short timer where there is none. Returns the cancel.
 * What loads after the first page is up uses it: the toasts' library (lazy-toaster.tsx).
 */
export function whenIdle(then: () => void, after: 'paint' | 'load') {
  let frame: number | undefined;
  let task: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const whenQuiet = () => {
    if (window.requestIdleCallback) idle = window.requestIdleCallback(then, { timeout: 1000 });
    else task = setTimeout(then, 50);
  };
  if (after === 'paint') frame = requestAnimationFrame(() => (task = setTimeout(whenQuiet)));
  else if (document.readyState === 'complete') whenQuiet();
  else window.addEventListener('load', whenQuiet, { once: true });
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(task);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    window.removeEventListener('load', whenQuiet);
  };
}
