import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RouteErrorFallback } from './error-panel';
import { SavedCopyNotice } from './offline-panel';
import { LoadFailed } from './state-panels';

/** The browser's online state as the page reads it, and the event it sends. */
function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

// the browser is online again for whatever runs next (TanStack Query's online state follows the event)
afterEach(() => {
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
});

describe('pages that need the network, offline', () => {
  it('say so plainly instead of a failure, and load again by themselves when the connection returns', () => {
    setOnline(false);
    const retry = vi.fn();
    render(<LoadFailed message="We could not load your subscriptions." onRetry={retry} />);
    expect(screen.getByText('You are offline — this page needs a connection')).toBeTruthy();
    expect(screen.queryByText('We could not load your subscriptions.')).toBeNull();
    expect(retry).not.toHaveBeenCalled();

    setOnline(true);
    expect(retry).toHaveBeenCalledTimes(1);
    // online, a failure is a failure again, with its own message and Try again
    expect(screen.getByText('We could not load your subscriptions.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('a page whose module or loader could not load offline gets the offline page, not an application error', async () => {
    setOnline(false);
    const router = createMemoryRouter([
      {
        path: '/',
        loader: () => {
          throw new TypeError('Failed to fetch dynamically imported module');
        },
        Component: () => null,
        errorElement: <RouteErrorFallback />,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'You are offline — this page needs a connection' })).toBeTruthy();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
  });

  it('the same failure online is an application error, as before', async () => {
    setOnline(true);
    const router = createMemoryRouter([
      {
        path: '/',
        loader: () => {
          throw new TypeError('Failed to fetch');
        },
        Component: () => null,
        errorElement: <RouteErrorFallback />,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Unexpected Application Error!')).toBeTruthy();
  });
});

describe('a screen drawn from kept answers', () => {
  it('says it is offline and when what it shows was saved', () => {
    const savedAt = new Date();
    savedAt.setHours(8, 42, 0, 0);
    const { rerender } = render(<SavedCopyNotice savedAt={savedAt} />);
    expect(screen.getByRole('status').textContent).toBe('Offline — showing what was saved at 08:42.');

    const yesterday = new Date(savedAt.getTime() - 24 * 60 * 60 * 1000);
    rerender(<SavedCopyNotice savedAt={yesterday} />);
    expect(screen.getByRole('status').textContent).toMatch(
      /^Offline — showing what was saved on \d{2}\/\d{2}\/\d{4} at 08:42\.$/,
    );

    rerender(<SavedCopyNotice savedAt={undefined} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
