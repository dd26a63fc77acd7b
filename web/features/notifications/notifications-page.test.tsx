// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { NotificationList } from './notifications-page';

resetPageBetweenTests({ token: 'token' });

const notification = (n: number) => ({
  _id: `n${n}`,
  message: `Notification ${n}`,
  link: '/feed',
  viewed: true,
  createdAt: new Date(Date.UTC(2025, 2, 1, 9, 0, 0) - n * 60_000).toISOString(),
});

describe('the notification list', () => {
  it("loads the pages after the newest one with 'Load more', following the next-cursor header", async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(String(url));
        const cursor = new URL(String(url), 'http://x').searchParams.get('cursor');
        const [list, next] = !cursor
          ? [[notification(1), notification(2)], 'c2']
          : cursor === 'c2'
            ? [[notification(3)], 'c3']
            : [[notification(4)], null];
        return new Response(JSON.stringify(list), {
          status: 200,
          headers: { 'Content-Type': 'application/json', ...(next ? { 'next-cursor': next } : {}) },
        });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <NotificationList />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Notification 2')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Notification 3')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('Notification 3').closest('a')));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Notification 4')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // the button went away: focus is on the first notification the press brought, not on <body>
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('Notification 4').closest('a')));
    expect(urls).toEqual([
      '/api/app/notifications',
      '/api/app/notifications?cursor=c2',
      '/api/app/notifications?cursor=c3',
    ]);
  });
});
