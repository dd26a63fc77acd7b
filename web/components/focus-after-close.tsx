import { useEffect, useRef } from 'react';

/**
 * Put inside a Headless UI dialog's panel: it unmounts with the panel, after the closing
 * transition, and then moves focus to `target()`. Headless UI restores focus to the opener in a
 * microtask then, so the move waits one task more and wins; for an opener that went away (a
 * deleted row, a session slot redrawn as booked) that return would land elsewhere.
 */
export function FocusAfterClose({ target }: { target: () => HTMLElement | null | undefined }) {
  const latest = useRef(target);
  useEffect(() => {
    latest.current = target;
  });
  useEffect(
    () => () => {
      setTimeout(() => latest.current()?.focus(), 0);
    },
    [],
  );
  return null;
}
