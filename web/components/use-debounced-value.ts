import { useEffect, useState } from 'react';

/** Search boxes wait 200 ms after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 200;

/** `value`, once it has stopped changing for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
