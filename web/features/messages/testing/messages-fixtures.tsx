import type { ReactNode } from 'react';
import { act } from '@testing-library/react';
import type { ChatUser, ContactAnswer, MessageAnswer, OpenRoomAnswer } from '@common/messages/schemas';
import { useLiveConnection } from '@web/api/live-connection';
import { FakeWebSocket, installFakeWebSocket } from '@web/testing/fake-web-socket';
import { renderPage } from '@web/testing/render-page';
import { routeFetch as routeFetchBy, sentTo as sentToBy, type Routes } from '@web/testing/route-fetch';
import { MessagesPage } from '../messages-page';

export const ME = '11111111-1111-4111-8111-111111111111';
export const MAYA = '22222222-2222-4222-8222-222222222222';
export const RIVER = '33333333-3333-4333-8333-333333333333';
export const ROOM = '44444444-4444-4444-8444-444444444444';
export const OTHER_ROOM = '55555555-5555-4555-8555-555555555555';

/** "Now" in the page tests: Tuesday 4 March 2025, 12:00 local time. */
export const NOW = new Date(2025, 2, 4, 12, 0);

export const me: ChatUser = { _id: ME, name: 'Sam Member', profilePicture: null, isFacilitator: false };
export const maya: ChatUser = { _id: MAYA, name: 'Maya Facilitator', profilePicture: null, isFacilitator: true };
export const river: ChatUser = { _id: RIVER, name: 'River Guide', profilePicture: null, isFacilitator: true };

let counter = 0;
export function buildMessage(overrides: Partial<MessageAnswer> = {}): MessageAnswer {
  counter += 1;
  return {
    _id: `66666666-6666-4666-8666-${String(counter).padStart(12, '0')}`,
    room: ROOM,
    user: MAYA,
    text: `Message ${counter}`,
    postedDate: new Date(2025, 2, 4, 9, counter % 60).toISOString(),
    clientKey: null,
    ...overrides,
  };
}

export const contact = (
  user: ChatUser,
  room: string | null,
  lastMessage: MessageAnswer | null = null,
  unread = 0,
): ContactAnswer => ({
  user,
  room,
  lastMessage,
  unread,
});

export const roomWith = (messages: MessageAnswer[], other: ChatUser = maya, room = ROOM): OpenRoomAnswer => ({
  chatRoom: { _id: room, users: [me, other] },
  messages,
});

const whoami = (isFacilitator: boolean) => ({
  'GET auth/whoami': { status: 200, body: { isLoggedIn: true, streak: 1, id: ME, name: me.name, isFacilitator } },
});

/** Replaces global fetch (query strings ignored); whoami answers as ME, a member unless told. */
export const routeFetch = (routes: Routes, { facilitator = false } = {}) =>
  routeFetchBy({ ...whoami(facilitator), ...routes }, { ignoreQuery: true });
export const sentTo = (fetchMock: ReturnType<typeof routeFetchBy>, key: string) =>
  sentToBy(fetchMock, key, { ignoreQuery: true });

/** The URLs (path and query) fetched with GET under `path`, in order. */
export const getUrls = (fetchMock: ReturnType<typeof routeFetchBy>, path: string) =>
  fetchMock.mock.calls
    .filter(
      ([url, init]) =>
        (init?.method ?? 'GET') === 'GET' &&
        String(url)
          .replace(/^\/api\//, '')
          .split('?')[0] === path,
    )
    .map(([url]) => String(url).replace(/^\/api\//, ''));

/** The page with this tab's live connection running, as the signed-in layout keeps it. */
function WithLiveConnection({ children }: { children: ReactNode }) {
  useLiveConnection(ME);
  return <>{children}</>;
}

/** Opens /messages (or `url`) with a fake websocket as the server's live connection. */
export function openMessages(url = '/messages') {
  installFakeWebSocket();
  const rendered = renderPage(
    <WithLiveConnection>
      <MessagesPage />
    </WithLiveConnection>,
    { path: '/messages', url },
  );
  return { ...rendered, socket: () => FakeWebSocket.latest };
}

/** The server pushes `frame` on the live connection. */
export const push = (socket: FakeWebSocket, frame: unknown) => act(() => socket.receive(frame));
