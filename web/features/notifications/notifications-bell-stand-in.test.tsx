// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { useLiveConnection } from '@web/api/live-connection';
import { FakeWebSocket, installFakeWebSocket } from '@web/testing/fake-web-socket';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { routeFetch } from '@web/testing/route-fetch';
import { NotificationsMenu } from './notifications-menu';

resetPageBetweenTests({ token: 'token' });

const notification = (n: number, viewed = false) => ({
  _id: `n${n}`,
  message: `Notification ${n}`,
  link: '/feed',
  viewed,
  createdAt: '2025-03-04T09:00:00.000Z',
});

// as the router mounts it (web/router.tsx): the menu's module loads when the member reaches for it
function Header() {
  useLiveConnection('me');
  return <NotificationsMenu />;
}

function renderHeader() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })}
    >
      <MemoryRouter>
        <Header />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const badge = () => screen.queryByTestId('notifications-badge');

describe('the notifications bell before its menu has loaded (the unviewed count)', () => {
  // first in this file: the menu's module has not been loaded yet
  it('opens on its first item when a keyboard user presses ArrowDown before the menu has loaded', async () => {
    routeFetch({ 'GET app/notifications': () => ({ status: 200, body: [notification(1)] }) });
    installFakeWebSocket();
    renderHeader();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    bell().focus();
    fireEvent.keyDown(bell(), { key: 'ArrowDown' });
    expect(bell().hasAttribute('data-headlessui-state')).toBe(false); // pressed on the stand-in
    const items = await screen.findAllByRole('menuitem');
    await waitFor(() => expect(items[0]!.hasAttribute('data-focus')).toBe(true));
    expect(items[0]!.textContent).toContain('Notification 1');
  });

  it('shows the unviewed count in its badge and its name, keeps both live, and keeps them when the menu takes its place', async () => {
    let list = [notification(1), notification(2, true)];
    routeFetch({ 'GET app/notifications': () => ({ status: 200, body: list }) });
    installFakeWebSocket();
    renderHeader();
    await waitFor(() => expect(badge()?.textContent).toBe('1'));
    // what the badge shows is part of the name (WCAG 2.5.3); the badge itself is not read twice
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
    expect(badge()?.getAttribute('aria-hidden')).toBe('true');
    expect(bell().hasAttribute('data-headlessui-state')).toBe(false); // still the stand-in

    act(() => FakeWebSocket.latest.accept());
    list = [notification(3), notification(1), notification(2, true)];
    act(() => FakeWebSocket.latest.receive({ type: 'notification' }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));
    expect(badge()?.textContent).toBe('2');

    fireEvent.pointerOver(bell());
    await waitFor(() => expect(bell().hasAttribute('data-headlessui-state')).toBe(true));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread');
    expect(badge()?.textContent).toBe('2');
  });

  it('shows 99+ past 99 and says "more than 99" in its name', async () => {
    routeFetch({
      'GET app/notifications': () => ({ status: 200, body: Array.from({ length: 120 }, (_, i) => notification(i)) }),
    });
    installFakeWebSocket();
    renderHeader();
    await waitFor(() => expect(badge()?.textContent).toBe('99+'));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, more than 99 unread');
  });

  it('shows no badge when every notification has been viewed', async () => {
    const fetchMock = routeFetch({ 'GET app/notifications': () => ({ status: 200, body: [notification(1, true)] }) });
    installFakeWebSocket();
    renderHeader();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(badge()).toBeNull();
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
  });
});
