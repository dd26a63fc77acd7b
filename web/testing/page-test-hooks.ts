import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

/**
 * The hooks a page test file starts with: each test begins with an empty localStorage (holding
 * `token` when given, i.e. signed in) and console warnings muted; afterwards the DOM, storage,
 * stubbed globals and mocks are undone.
 */
export function resetPageBetweenTests({ token }: { token?: string } = {}) {
  beforeEach(() => {
    localStorage.clear();
    if (token) localStorage.setItem('token', token);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
