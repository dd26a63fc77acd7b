// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { FakeWebSocket } from '@web/testing/fake-web-socket';
import type { Answer } from '@web/testing/route-fetch';
import {
  buildMessage,
  contact,
  getUrls,
  MAYA,
  maya,
  ME,
  openMessages,
  OTHER_ROOM,
  push,
  RIVER,
  river,
  roomWith,
  ROOM,
  routeFetch,
  sentTo,
} from './testing/messages-fixtures';

resetPageBetweenTests({ token: 'token' });

const first = buildMessage({ text: 'Welcome to the circle', postedDate: '2025-03-04T09:00:00.000Z' });

function openChat(routes: Record<string, Answer | ((body: unknown) => Answer | Promise<Answer>)> = {}) {
  const fetchMock = routeFetch({
    'GET app/room': { status: 200, body: { contacts: [contact(maya, ROOM, first), contact(river, OTHER_ROOM)] } },
    'POST app/room': { status: 200, body: roomWith([first]) },
    ...routes,
  });
  const page = openMessages(`/messages?with=${MAYA}`);
  return { ...page, fetchMock };
}

const rows = () => within(screen.getByRole('log')).getAllByRole('listitem');

describe('Live messages', () => {
  it('authenticates the connection with the token first', async () => {
    const { socket } = openChat();
    await screen.findByText('Welcome to the circle');
    act(() => socket().open());
    expect(socket().sent[0]).toEqual({ type: 'auth', token: 'token' });
  });

  it('adds a message for the open room once, however often its frame arrives', async () => {
    const { socket } = openChat();
    await screen.findByText('Welcome to the circle');
    act(() => socket().accept());
    const reply = buildMessage({ text: 'How was your sit?', postedDate: '2025-03-04T09:05:00.000Z' });
    await push(socket(), { type: 'message', room: ROOM, message: reply });
    await push(socket(), { type: 'message', room: ROOM, message: reply });
    expect(await screen.findByText('How was your sit?')).toBeTruthy();
    expect(rows()).toHaveLength(2);
    expect(rows()[1]!.getAttribute('data-sender')).toBe('them');
  });

  it('reads a message that arrives in the open chat, and the list and badge follow', async () => {
    const { socket, fetchMock } = openChat({ [`POST app/read-room/${ROOM}`]: { status: 200, body: { unread: 0 } } });
    await screen.findByText('Welcome to the circle');
    act(() => socket().accept());
    await push(socket(), {
      type: 'message',
      room: ROOM,
      message: buildMessage({ text: 'Still there?', postedDate: '2025-03-04T09:06:00.000Z' }),
    });
    await screen.findByText('Still there?');
    await waitFor(() => expect(sentTo(fetchMock, `POST app/read-room/${ROOM}`)).toHaveLength(1));
  });

  it('shows my sent message once when its live frame also arrives', async () => {
    let sent: ReturnType<typeof buildMessage> | undefined;
    const { user, socket } = openChat({
      'POST app/message': (body) => {
        const { message } = body as { message: string };
        sent = buildMessage({ user: ME, text: message, postedDate: '2025-03-04T09:10:00.000Z' });
        return { status: 200, body: sent };
      },
    });
    // the layout opens its live connection a task after the first render (web/api/live-connection.ts)
    const textbox = await screen.findByRole('textbox', { name: 'Message Maya Facilitator' });
    act(() => socket().accept());
    await user.type(textbox, 'All good, thanks{Enter}');
    await waitFor(() => expect(sent).toBeDefined());
    await push(socket(), { type: 'message', room: ROOM, message: sent });
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    expect(screen.getAllByText('All good, thanks')).toHaveLength(1);
    expect(rows()).toHaveLength(2);
  });

  it('refreshes the list for a message in another room and marks that chat new', async () => {
    const { socket, fetchMock } = openChat();
    await screen.findByText('Welcome to the circle');
    act(() => socket().accept());
    const before = getUrls(fetchMock, 'app/room').length;
    await push(socket(), {
      type: 'message',
      room: OTHER_ROOM,
      message: buildMessage({ room: OTHER_ROOM, user: RIVER, text: 'Hi from River' }),
    });
    await waitFor(() => expect(getUrls(fetchMock, 'app/room').length).toBe(before + 1));
    const riverLink = screen.getByRole('link', { name: /River Guide/ });
    expect(riverLink.textContent).toContain('New message');
    expect(screen.queryByText('Hi from River')).toBeNull();
  });

  it('fetches what was missed after a reconnect with ?after=&afterId= the last message I have', async () => {
    const missed = buildMessage({ text: 'Sent while you were away', postedDate: '2025-03-04T09:20:00.000Z' });
    const { socket, fetchMock } = openChat({
      [`GET app/get-messages/${ROOM}`]: { status: 200, body: [first, missed] },
    });
    await screen.findByText('Welcome to the circle');
    act(() => socket().accept());
    act(() => socket().serverClose(1006));
    expect(await screen.findByText('Reconnecting…')).toBeTruthy();
    // the first retry waits at most a second
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2), { timeout: 1500 });
    act(() => socket().accept());
    await waitFor(() => expect(screen.queryByText('Reconnecting…')).toBeNull());
    expect(await screen.findByText('Sent while you were away')).toBeTruthy();
    expect(getUrls(fetchMock, `app/get-messages/${ROOM}`)).toEqual([
      `app/get-messages/${ROOM}?after=${encodeURIComponent(first.postedDate)}&afterId=${first._id}`,
    ]);
    expect(rows()).toHaveLength(2);
  });

  it("fetches what was missed when the server says 'resync' (its own channel dropped), on the same socket", async () => {
    const missed = buildMessage({ text: 'Sent while the server was deaf', postedDate: '2025-03-04T09:20:00.000Z' });
    const { socket, fetchMock } = openChat({
      [`GET app/get-messages/${ROOM}`]: { status: 200, body: [missed] },
    });
    await screen.findByText('Welcome to the circle');
    act(() => socket().accept());
    await push(socket(), { type: 'resync' });
    expect(await screen.findByText('Sent while the server was deaf')).toBeTruthy();
    expect(getUrls(fetchMock, `app/get-messages/${ROOM}`)).toEqual([
      `app/get-messages/${ROOM}?after=${encodeURIComponent(first.postedDate)}&afterId=${first._id}`,
    ]);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(rows()).toHaveLength(2);
  });
});
