// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { useLiveConnection } from '@web/api/live-connection';
import { FakeWebSocket, installFakeWebSocket } from '@web/testing/fake-web-socket';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { renderPage } from '@web/testing/render-page';
import { JUST_ASKED_MS, unreadMessagesQueryOptions } from './api/get-unread-messages';
import { unreadMessagesKey } from './api/message-keys';
import { MessagesLink, messagesLinkName } from './messages-link';
import { buildMessage, getUrls, MAYA, ME, push, ROOM, routeFetch } from './testing/messages-fixtures';

resetPageBetweenTests({ token: 'token' });

function Header() {
  useLiveConnection(ME);
  return <MessagesLink />;
}

/** The header's link at `url`, the server answering the unread counts in turn (the last one repeats). */
function openHeader(counts: number[], url = '/dashboard') {
  let asked = 0;
  const fetchMock = routeFetch({
    'GET app/unread-messages': () => ({ status: 200, body: { unread: counts[Math.min(asked++, counts.length - 1)] } }),
  });
  installFakeWebSocket();
  const page = renderPage(<Header />, { path: '*', url });
  return { ...page, fetchMock, socket: () => FakeWebSocket.latest };
}

describe('The messages icon', () => {
  it('names the count in the link and shows it on a badge', async () => {
    openHeader([2]);
    const link = await screen.findByRole('link', { name: 'Messages, 2 unread' });
    expect(link.getAttribute('href')).toBe('/messages');
    expect(screen.getByTestId('messages-badge').textContent).toBe('2');
  });

  it('names what the badge shows: past 99 (a 99+ badge) the name says more than 99', () => {
    expect(messagesLinkName(0)).toBe('Messages');
    expect(messagesLinkName(99)).toBe('Messages, 99 unread');
    expect(messagesLinkName(120)).toBe('Messages, more than 99 unread');
  });

  it('is just "Messages" when nothing is unread', async () => {
    const { fetchMock } = openHeader([0]);
    await waitFor(() => expect(getUrls(fetchMock, 'app/unread-messages')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Messages' })).toBeTruthy();
    expect(screen.queryByTestId('messages-badge')).toBeNull();
  });

  it("counts again when someone's message arrives live, not for my own", async () => {
    const { fetchMock, socket } = openHeader([0, 1]);
    await screen.findByRole('link', { name: 'Messages' });
    // who I am is known (whoami answered) before my own message arrives
    await waitFor(() => expect(getUrls(fetchMock, 'auth/whoami')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    act(() => socket().accept());
    await push(socket(), { type: 'message', room: ROOM, message: buildMessage({ user: ME, text: 'mine' }) });
    expect(getUrls(fetchMock, 'app/unread-messages')).toHaveLength(1);
    await push(socket(), { type: 'message', room: ROOM, message: buildMessage({ user: MAYA, text: 'theirs' }) });
    expect(await screen.findByRole('link', { name: 'Messages, 1 unread' })).toBeTruthy();
    expect(screen.getByTestId('messages-badge').textContent).toBe('1');
  });

  it('leaves a message in the open chat to that chat (it reads it)', async () => {
    const { fetchMock, socket } = openHeader([0], `/messages?with=${MAYA}`);
    await screen.findByRole('link', { name: 'Messages' });
    act(() => socket().accept());
    await push(socket(), { type: 'message', room: ROOM, message: buildMessage({ user: MAYA }) });
    expect(getUrls(fetchMock, 'app/unread-messages')).toHaveLength(1);
  });

  describe('when the layout asked for the count before the header mounted (web/router.tsx)', () => {
    /** The header mounted in a client that already holds a count of 4, asked for `ageMs` ago. */
    async function mountWithCount(ageMs: number) {
      const fetchMock = routeFetch({ 'GET app/unread-messages': { status: 200, body: { unread: 7 } } });
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      queryClient.setQueryData(unreadMessagesKey, 4, { updatedAt: Date.now() - ageMs });
      render(
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>
            <MessagesLink />
          </MemoryRouter>
        </QueryClientProvider>,
      );
      await screen.findByRole('link', { name: 'Messages, 4 unread' });
      await waitFor(() => expect(getUrls(fetchMock, 'auth/whoami')).toHaveLength(1));
      return fetchMock;
    }

    it('does not ask again for a count just asked for', async () => {
      const fetchMock = await mountWithCount(0);
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(getUrls(fetchMock, 'app/unread-messages')).toHaveLength(0);
      expect(screen.getByRole('link', { name: 'Messages, 4 unread' })).toBeTruthy();
    });

    it('asks again for an older count', async () => {
      const fetchMock = await mountWithCount(JUST_ASKED_MS);
      expect(await screen.findByRole('link', { name: 'Messages, 7 unread' })).toBeTruthy();
      expect(getUrls(fetchMock, 'app/unread-messages')).toHaveLength(1);
    });

    it('stays stale for a tab coming back into focus', () => {
      expect(unreadMessagesQueryOptions().staleTime).toBe(0);
    });
  });
});
