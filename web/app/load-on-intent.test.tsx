// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadOnIntent } from './load-on-intent';

afterEach(cleanup);

type Props = { label: string; onPress?: () => void; onKey?: (key: string) => void };

const StandIn = ({ label }: Props) => (
  <button type="button" data-kind="stand-in">
    {label}
  </button>
);
const Real = ({ label, onPress, onKey }: Props) => (
  <button type="button" data-kind="real" onClick={onPress} onKeyDown={(event) => onKey?.(event.key)}>
    {label}
  </button>
);

/** A deferred control whose module answers when the test says so. */
function deferred() {
  let answer!: () => void;
  const loaded = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const load = vi.fn(async () => {
    await loaded;
    return Real;
  });
  return { Control: loadOnIntent(load, StandIn), load, answer: () => act(async () => answer()) };
}

const kind = () => screen.getByRole('button', { name: 'Menu' }).getAttribute('data-kind');

const frames = (n: number) =>
  act(async () => {
    for (let i = 0; i < n; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  });

describe('loadOnIntent: a control drawn at once, its module loaded when reached for', () => {
  it('paints the stand-in and loads nothing while nobody reaches for it', async () => {
    const { Control, load } = deferred();
    render(<Control label="Menu" />);
    await frames(5);
    expect(kind()).toBe('stand-in');
    expect(load).not.toHaveBeenCalled();
  });

  it.each([
    ['a pointer over it', (button: HTMLElement) => fireEvent.pointerOver(button)],
    ['a press on it', (button: HTMLElement) => fireEvent.pointerDown(button)],
  ])('loads the module at %s, then shows the loaded control in its place', async (_how, reach) => {
    const { Control, load, answer } = deferred();
    render(<Control label="Menu" />);
    reach(screen.getByRole('button', { name: 'Menu' }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(kind()).toBe('stand-in');
    await answer();
    expect(kind()).toBe('real');
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(document.activeElement).toBe(document.body);
  });

  it('moves focus from the stand-in to the loaded control', async () => {
    const { Control, load, answer } = deferred();
    render(<Control label="Menu" />);
    screen.getByRole('button', { name: 'Menu' }).focus();
    await waitFor(() => expect(load).toHaveBeenCalled());
    await answer();
    expect(kind()).toBe('real');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu' }));
  });

  it('passes a click on the stand-in on to the loaded control, once', async () => {
    const { Control, load, answer } = deferred();
    const onPress = vi.fn();
    render(<Control label="Menu" onPress={onPress} />);
    screen.getByRole('button', { name: 'Menu' }).click();
    await waitFor(() => expect(load).toHaveBeenCalled());
    expect(onPress).not.toHaveBeenCalled();
    await answer();
    expect(onPress).toHaveBeenCalledTimes(1);
    screen.getByRole('button', { name: 'Menu' }).click();
    expect(onPress).toHaveBeenCalledTimes(2);
  });

  it.each(['Enter', ' ', 'ArrowDown'])(
    'presses %j again on the loaded control, focused, instead of passing a click on (a menu opens on its first item)',
    async (key) => {
      const { Control, load, answer } = deferred();
      const onPress = vi.fn();
      const onKey = vi.fn();
      render(<Control label="Menu" onPress={onPress} onKey={onKey} />);
      const standIn = screen.getByRole('button', { name: 'Menu' });
      standIn.focus();
      const pressed = fireEvent.keyDown(standIn, { key });
      expect(pressed).toBe(false); // its default (the button's click) is kept back
      await waitFor(() => expect(load).toHaveBeenCalled());
      await answer();
      expect(kind()).toBe('real');
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu' }));
      expect(onKey.mock.calls).toEqual([[key]]);
      expect(onPress).not.toHaveBeenCalled();
    },
  );

  it('does not click when the stand-in was only pointed at', async () => {
    const { Control, load, answer } = deferred();
    const onPress = vi.fn();
    render(<Control label="Menu" onPress={onPress} />);
    fireEvent.pointerOver(screen.getByRole('button', { name: 'Menu' }));
    await waitFor(() => expect(load).toHaveBeenCalled());
    await answer();
    expect(kind()).toBe('real');
    expect(onPress).not.toHaveBeenCalled();
  });
});
