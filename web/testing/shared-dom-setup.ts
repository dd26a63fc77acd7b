import { cleanup } from '@testing-library/react';
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

beforeAll(() => {
  saved = patched.map(([target, key]) => Object.getOwnPropertyDescriptor(target, key));
});

afterEach(() => {
  // Testing Library unmounts after each test only where the globals API is on; here it is not
  cleanup();
  document.body.innerHTML = '';
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
