// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './button';

afterEach(cleanup);

describe('Button', () => {
  it('shows a spinner and stays disabled while an async click handler runs', async () => {
    let finish: () => void = () => undefined;
    render(<Button onClick={() => new Promise<void>((resolve) => (finish = resolve))}>Resend code</Button>);
    const button = screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement;
    await userEvent.setup().click(button);
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('svg.animate-spin')).not.toBeNull();
    finish();
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(button.querySelector('svg.animate-spin')).toBeNull();
  });

  it('a plain click handler shows no spinner', async () => {
    let clicks = 0;
    render(<Button onClick={() => void clicks++}>Count</Button>);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Count' }));
    expect(clicks).toBe(1);
    expect(screen.getByRole('button', { name: 'Count' }).getAttribute('aria-busy')).toBeNull();
  });
});
