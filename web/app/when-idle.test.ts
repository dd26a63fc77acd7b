// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
  it("'paint': waits for a frame and a task after it, then for the browser's idle callback", () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    const then = vi.fn();
    whenIdle(then, 'paint');
    expect(idle).toHaveLength(0);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    expect(idle).toHaveLength(1);
    expect(then).not.toHaveBeenCalled();
    idle[0]!();
    expect(then).toHaveBeenCalledOnce();
  });

  it("'load': once the page has loaded; a short timer where there is no idle callback", () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const then = vi.fn();
    expect(document.readyState).toBe('complete');
    whenIdle(then, 'load');
    vi.advanceTimersByTime(49);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledOnce();
  });

  it('runs nothing once cancelled', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const then = vi.fn();
    whenIdle(then, 'paint')();
    whenIdle(then, 'load')();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1000);
    expect(then).not.toHaveBeenCalled();
  });
});
