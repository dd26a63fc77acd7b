// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from './use-debounced-value';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the search debounce (200 ms)', () => {
  it('applies the text 200 ms after the last keystroke, each keystroke starting the wait again', () => {
    vi.useFakeTimers();
    expect(SEARCH_DEBOUNCE_MS).toBe(200);
    const { result, rerender } = renderHook(({ text }) => useDebouncedValue(text), { initialProps: { text: '' } });

    rerender({ text: 'y' });
    act(() => vi.advanceTimersByTime(150));
    rerender({ text: 'yo' });
    act(() => vi.advanceTimersByTime(199));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('yo');
  });

  it('leaves no timer behind when the table goes away', () => {
    vi.useFakeTimers();
    const { rerender, unmount } = renderHook(({ text }) => useDebouncedValue(text), { initialProps: { text: '' } });
    rerender({ text: 'yoga' });
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
