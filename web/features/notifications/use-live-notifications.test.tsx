// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useLiveConnection } from '@web/api/live-connection';
import { FakeWebSocket, installFakeWebSocket } from '@web/testing/fake-web-socket';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { routeFetch } from '@web/testing/route-fetch';
import { useNotifications } from './api/get-notifications';
import { useLiveNotifications } from './use-live-notifications';

resetPageBetweenTests({ token: 'token' });

function Bell() {
  useLiveConnection('me');
  useLiveNotifications();
  const { data } = useNotifications();
  return <p>{data ? `${data.length} notifications` : 'loading'}</p>;
}

const notification = (n: number) => ({
  _id: `n${n}`,
  message: `Notification ${n}`,
  link: '/feed',
  viewed: false,
  createdAt: '2025-03-04T09:00:00.000Z',
});

describe('useLiveNotifications', () => {
  it('reloads the notifications when a notification frame arrives', async () => {
    let list = [notification(1)];
    const fetchMock = routeFetch({ 'GET app/notifications': () => ({ status: 200, body: list }) });
    installFakeWebSocket();
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })}
      >
        <Bell />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('1 notifications')).toBeTruthy();
    act(() => FakeWebSocket.latest.accept());
    list = [notification(2), notification(1)];
    act(() => FakeWebSocket.latest.receive({ type: 'notification' }));
    expect(await screen.findByText('2 notifications')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('app/notifications'))).toHaveLength(2),
    );
  });

  it("reloads the notifications on the server's resync frame (signals may have been lost)", async () => {
    let list = [notification(1)];
    routeFetch({ 'GET app/notifications': () => ({ status: 200, body: list }) });
    installFakeWebSocket();
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })}
      >
        <Bell />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('1 notifications')).toBeTruthy();
    act(() => FakeWebSocket.latest.accept());
    list = [notification(3), notification(2), notification(1)];
    act(() => FakeWebSocket.latest.receive({ type: 'resync' }));
    expect(await screen.findByText('3 notifications')).toBeTruthy();
  });
});
