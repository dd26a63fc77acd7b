// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach } from 'vitest';
import { afterFirstPaint } from './after-first-paint';

afterEach(cleanup);

type Props = { label: string; onPress?: () => void };

const StandIn = ({ label }: Props) => (
  <button type="button" data-kind="stand-in">
    {label}
  </button>
);
const Real = ({ label, onPress }: Props) => (
  <button type="button" data-kind="real" onClick={onPress}>
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
  return { Control: afterFirstPaint(load, StandIn), load, answer: () => act(async () => answer()) };
}

const kind = () => screen.getByRole('button', { name: 'Menu' }).getAttribute('data-kind');

describe('afterFirstPaint (issue 19 item 7): a control drawn at once, its module loaded just after', () => {
  it('paints the stand-in, loads the module after the first paint, then shows the loaded control', async () => {
    const { Control, load, answer } = deferred();
    render(<Control label="Menu" />);
    expect(kind()).toBe('stand-in');
    expect(load).not.toHaveBeenCalled(); // not before the frame is painted
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(kind()).toBe('stand-in');
    await answer();
    expect(kind()).toBe('real');
    expect(screen.getAllByRole('button')).toHaveLength(1);
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

  it('does not move focus or click when the stand-in was left alone', async () => {
    const { Control, load, answer } = deferred();
    const onPress = vi.fn();
    render(<Control label="Menu" onPress={onPress} />);
    await waitFor(() => expect(load).toHaveBeenCalled());
    await answer();
    expect(kind()).toBe('real');
    expect(document.activeElement).toBe(document.body);
    expect(onPress).not.toHaveBeenCalled();
  });
});
