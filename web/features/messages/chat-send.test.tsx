// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import type { Answer } from '@web/testing/route-fetch';
import {
  buildMessage,
  contact,
  MAYA,
  maya,
  ME,
  openMessages,
  roomWith,
  ROOM,
  routeFetch,
  sentTo,
} from './testing/messages-fixtures';

const UUID = /^[0-9a-f-]{36}$/;

resetPageBetweenTests({ token: 'token' });

type Sent = { user: string; message: string; room: string };
const answerWith = (body: unknown) => {
  const { message, room } = body as Sent;
  return { status: 200, body: buildMessage({ user: ME, text: message, room, postedDate: new Date().toISOString() }) };
};

function openChat(sendAnswer: (body: unknown) => Answer | Promise<Answer> = answerWith) {
  const fetchMock = routeFetch({
    'GET app/room': { status: 200, body: { contacts: [contact(maya, ROOM)] } },
    'POST app/room': { status: 200, body: roomWith([]) },
    'POST app/message': sendAnswer,
  });
  const page = openMessages(`/messages?with=${MAYA}`);
  return { ...page, fetchMock };
}

const messageBox = () => screen.findByRole('textbox', { name: 'Message Maya Facilitator' });
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;

describe('Sending a message', () => {
  it('sends with Enter as {user, message, room} and shows it on my side', async () => {
    const { user, fetchMock } = openChat();
    await user.type(await messageBox(), 'Good morning{Enter}');
    const log = screen.getByRole('log');
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(1));
    expect(within(log).getByRole('listitem').getAttribute('data-sender')).toBe('me');
    expect(within(log).getByRole('listitem').textContent).toContain('Good morning');
    expect(sentTo(fetchMock, 'POST app/message')).toEqual([
      { user: MAYA, message: 'Good morning', room: ROOM, clientKey: expect.stringMatching(UUID) },
    ]);
    expect(((await messageBox()) as HTMLTextAreaElement).value).toBe('');
  });

  it('starts a new line with Shift+Enter instead of sending', async () => {
    const { user, fetchMock } = openChat();
    const box = await messageBox();
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect((box as HTMLTextAreaElement).value).toBe('Line one\nLine two');
    expect(sentTo(fetchMock, 'POST app/message')).toEqual([]);
    await user.click(sendButton());
    expect(sentTo(fetchMock, 'POST app/message')).toEqual([
      { user: MAYA, message: 'Line one\nLine two', room: ROOM, clientKey: expect.stringMatching(UUID) },
    ]);
  });

  it('sends nothing while the message is empty: Send stays disabled and Enter does nothing', async () => {
    const { user, fetchMock } = openChat();
    const box = await messageBox();
    expect(sendButton().disabled).toBe(true);
    await user.type(box, '   ');
    expect(sendButton().disabled).toBe(true);
    await user.type(box, '{Enter}');
    await user.click(sendButton());
    expect(sentTo(fetchMock, 'POST app/message')).toEqual([]);
    await user.type(box, 'x');
    expect(sendButton().disabled).toBe(false);
  });

  it("shows 'Sending…' until the server answers", async () => {
    let answer: (a: Answer) => void = () => undefined;
    const { user } = openChat(() => new Promise<Answer>((resolve) => (answer = resolve)));
    await user.type(await messageBox(), 'Are you there?{Enter}');
    const row = await screen.findByText('Sending…');
    expect(row.closest('li')?.textContent).toContain('Are you there?');
    answer(answerWith({ user: MAYA, message: 'Are you there?', room: ROOM }));
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    expect(within(screen.getByRole('log')).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says when a message was not sent and sends it again with Retry', async () => {
    let fail = true;
    const { user, fetchMock } = openChat((body) => (fail ? { status: 500 } : answerWith(body)));
    await user.type(await messageBox(), 'Hello?{Enter}');
    expect(await screen.findByText('Not sent.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('Not sent.')).toBeNull());
    expect(within(screen.getByRole('log')).getAllByRole('listitem')).toHaveLength(1);
    const tries = sentTo(fetchMock, 'POST app/message') as { clientKey: string }[];
    expect(tries).toHaveLength(2);
    // the retry is the same message to the server: a copy stored by the first try is not stored again
    expect(tries[1]!.clientKey).toBe(tries[0]!.clientKey);
  });
});
