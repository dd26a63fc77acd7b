import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

/**
 * The web tests share one jsdom and one module graph per worker (vitest.config.ts: `isolate:
 * false`, which cuts the web suite's CPU time about threefold): this file runs before each test
 * file and puts back what a file may leave behind, so no file sees another's leftovers.
 */
const patched = [
  [URL, 'createObjectURL'],
  [URL, 'revokeObjectURL'],
  [Element.prototype, 'getAnimations'],
  [Element.prototype, 'scrollIntoView'],
] as const;
let saved: (PropertyDescriptor | undefined)[] = [];

// findBy and waitFor wait up to 5 s rather than 1 s: a loaded 2-core CI machine runs two workers
// beside the API suite's databases; a passing test does not wait any longer for it
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => {
  saved = patched.map(([target, key]) => Object.getOwnPropertyDescriptor(target, key));
});

afterEach(() => {
  // Testing Library unmounts after each test only where the globals API is on; here it is not
  cleanup();
  document.body.innerHTML = '';
  // sonner keeps its toasts in the module and replays the ones still showing to the next Toaster
  toast.dismiss();
});

afterAll(() => {
  patched.forEach(([target, key], i) => {
    const descriptor = saved[i];
    if (descriptor) Object.defineProperty(target, key, descriptor);
    else Reflect.deleteProperty(target, key);
  });
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
