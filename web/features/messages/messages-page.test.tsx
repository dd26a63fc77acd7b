// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MESSAGE_TEXTS } from '@common/messages/schemas';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import {
  buildMessage,
  contact,
  getUrls,
  MAYA,
  maya,
  ME,
  NOW,
  openMessages,
  river,
  RIVER,
  roomWith,
  ROOM,
  routeFetch,
  sentTo,
} from './testing/messages-fixtures';

resetPageBetweenTests({ token: 'token' });
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const contacts = (...list: ReturnType<typeof contact>[]) => ({
  'GET app/room': { status: 200, body: { contacts: list } },
});

describe('MessagesPage empty states', () => {
  it('tells a facilitator without subscribers so', async () => {
    routeFetch(contacts(), { facilitator: true });
    openMessages();
    expect(await screen.findByText(MESSAGE_TEXTS.noSubscribers)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Explore facilitators' })).toBeNull();
  });

  it('tells a member without anyone to message how to get there, with a link to /explore', async () => {
    routeFetch(contacts());
    openMessages();
    expect(await screen.findByText(MESSAGE_TEXTS.notAllowed)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore facilitators' }).getAttribute('href')).toBe('/explore');
  });

  it("says 'Select chat' until a chat is chosen, and 'No messages yet.' in an empty room", async () => {
    const fetchMock = routeFetch({
      ...contacts(contact(maya, null)),
      'POST app/room': { status: 200, body: roomWith([]) },
    });
    const { user } = openMessages();
    expect(await screen.findByText(MESSAGE_TEXTS.selectChat)).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/room')).toEqual([]);
    await user.click(await screen.findByRole('link', { name: /Maya Facilitator/ }));
    expect(await screen.findByText(MESSAGE_TEXTS.noMessages)).toBeTruthy();
    expect(screen.queryByText(MESSAGE_TEXTS.selectChat)).toBeNull();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    routeFetch({ 'GET app/room': { status: 500 } });
    openMessages();
    expect((await screen.findByRole('alert')).textContent).toContain('Your chats could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('MessagesPage chats', () => {
  it('lists each person with their last message (mine prefixed You) and its time', async () => {
    routeFetch(
      contacts(
        contact(
          maya,
          ROOM,
          buildMessage({ user: ME, text: 'See you tomorrow', postedDate: new Date(2025, 2, 4, 8, 15).toISOString() }),
        ),
        contact(river, null),
      ),
    );
    openMessages();
    const list = await screen.findByRole('navigation', { name: 'Chats' });
    const mayaLink = await within(list).findByRole('link', { name: /Maya Facilitator/ });
    expect(mayaLink.textContent).toContain('You: See you tomorrow');
    expect(mayaLink.textContent).toContain('08:15');
    expect(
      within(list)
        .getByRole('link', { name: /River Guide/ })
        .getAttribute('href'),
    ).toBe(`/messages?with=${RIVER}`);
  });

  it("shows how many of a person's messages are unread, until their chat is opened", async () => {
    routeFetch({
      ...contacts(contact(maya, ROOM, buildMessage({ text: 'Are you there?' }), 2), contact(river, null)),
      'POST app/room': { status: 200, body: roomWith([buildMessage({ text: 'Are you there?' })]) },
    });
    const { user } = openMessages();
    const list = await screen.findByRole('navigation', { name: 'Chats' });
    const mayaLink = await within(list).findByRole('link', { name: /Maya Facilitator/ });
    expect(mayaLink.textContent).toContain('2 new messages');
    expect(within(list).getByRole('link', { name: /River Guide/ }).textContent).not.toContain('new message');
    await user.click(mayaLink);
    await screen.findByRole('log', { name: 'Messages with Maya Facilitator' });
    expect(within(list).getByRole('link', { name: /Maya Facilitator/ }).textContent).not.toContain('new message');
  });

  it('opens the chat with POST app/room {ids:[id]}, keeps ?with= and shows mine right, theirs left', async () => {
    const mine = buildMessage({ user: ME, text: 'Hello Maya', postedDate: new Date(2025, 2, 3, 21, 5).toISOString() });
    const theirs = buildMessage({
      user: MAYA,
      text: 'Hello Sam',
      postedDate: new Date(2025, 2, 4, 9, 30).toISOString(),
    });
    const fetchMock = routeFetch({
      ...contacts(contact(maya, ROOM, theirs)),
      'POST app/room': { status: 200, body: roomWith([mine, theirs]) },
    });
    const { user } = openMessages();
    await user.click(await screen.findByRole('link', { name: /Maya Facilitator/ }));

    const log = await screen.findByRole('log', { name: 'Messages with Maya Facilitator' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(sentTo(fetchMock, 'POST app/room')).toEqual([{ ids: [MAYA] }]);
    expect(
      within(screen.getByRole('navigation', { name: 'Chats' }))
        .getByRole('link', { name: /Maya Facilitator/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    // the chat's heading names the person and opens their profile
    expect(
      within(screen.getByRole('heading', { level: 2, name: 'Maya Facilitator' }))
        .getByRole('link')
        .getAttribute('href'),
    ).toBe(`/profile/${MAYA}`);

    const rows = within(log).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('data-sender'))).toEqual(['me', 'them']);
    expect(rows[0]!.className).toContain('items-end');
    expect(rows[0]!.textContent).toContain('Hello Maya');
    expect(rows[0]!.textContent).toContain('Mar 3 21:05');
    expect(rows[1]!.className).toContain('items-start');
    expect(rows[1]!.textContent).toContain('Hello Sam');
    expect(rows[1]!.textContent).toContain('09:30');
    expect(rows[1]!.textContent).not.toContain('Mar 4');
    // their picture beside their message opens their profile too (pointer only: the heading is the named link)
    const avatarLinks = log.querySelectorAll(`a[href="/profile/${MAYA}"]`);
    expect(avatarLinks).toHaveLength(1);
    expect(rows[1]!.contains(avatarLinks[0]!)).toBe(true);
    expect(avatarLinks[0]!.getAttribute('tabindex')).toBe('-1');
  });

  it('opens the chat named in ?with= straight away, as the profile links to it', async () => {
    const fetchMock = routeFetch({
      ...contacts(contact(maya, ROOM)),
      'POST app/room': { status: 200, body: roomWith([buildMessage({ text: 'Welcome' })]) },
    });
    openMessages(`/messages?with=${MAYA}`);
    expect(await screen.findByText('Welcome')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Maya Facilitator' })).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/room')).toEqual([{ ids: [MAYA] }]);
  });

  it('explains when the person may not be messaged (403), with a way to explore', async () => {
    routeFetch({
      ...contacts(contact(maya, ROOM)),
      'POST app/room': { status: 403, body: { error: 'messaging_not_allowed', message: MESSAGE_TEXTS.notAllowed } },
    });
    openMessages(`/messages?with=${RIVER}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGE_TEXTS.notAllowed);
    expect(within(alert).getByRole('link', { name: 'Explore facilitators' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Send a message' })).toBeNull();
  });

  it('has a Back link to the list in the chat (the phone layout shows one screen at a time)', async () => {
    routeFetch({ ...contacts(contact(maya, ROOM)), 'POST app/room': { status: 200, body: roomWith([]) } });
    const { user } = openMessages(`/messages?with=${MAYA}`);
    await user.click(await screen.findByRole('link', { name: 'Back to chats' }));
    expect(await screen.findByText(MESSAGE_TEXTS.selectChat)).toBeTruthy();
    expect(screen.queryByRole('log')).toBeNull();
  });

  it("loads earlier messages with 'Load earlier messages', following the next-cursor header", async () => {
    const latest = buildMessage({ text: 'Latest', postedDate: new Date(2025, 2, 4, 11, 0).toISOString() });
    const earlier = buildMessage({ text: 'Earlier', postedDate: new Date(2025, 2, 3, 11, 0).toISOString() });
    const fetchMock = routeFetch({
      ...contacts(contact(maya, ROOM)),
      'POST app/room': { status: 200, body: roomWith([latest]) },
      [`GET app/get-messages/${ROOM}`]: { status: 200, body: [earlier] },
    });
    // the room's answer says there are earlier messages; the page of them says there are no more
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const res = await fetchMock(url, init);
      const more = init?.method === 'POST' && String(url).endsWith('app/room');
      return more ? new Response(await res.text(), { status: res.status, headers: { 'next-cursor': 'c1' } }) : res;
    });
    const { user } = openMessages(`/messages?with=${MAYA}`);
    expect(await screen.findByText('Latest')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(await screen.findByText('Earlier')).toBeTruthy();
    expect(getUrls(fetchMock, `app/get-messages/${ROOM}`)).toEqual([`app/get-messages/${ROOM}?cursor=c1`]);
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });
});
