// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SESSION_MESSAGES, type SessionAnswer } from '@common/sessions/schemas';
import { SessionCalendar } from './session-calendar';
import {
  buildSession,
  HOST,
  pinSessionClock,
  renderWithToasts,
  routeFetch,
  sam,
  sentTo,
  SESSION_ID,
} from './testing/session-fixtures';

pinSessionClock('facilitator-token');

const SESSIONS = `GET app/facilitator/${HOST}/sessions`;
const NEW_ID = '99999999-9999-4999-8999-999999999999';
const mine = (overrides: Partial<SessionAnswer> = {}) =>
  buildSession({ isOwner: true, meetingUrl: 'https://meet.example.com/morning', ...overrides });

const openOwnCalendar = () => renderWithToasts(<SessionCalendar facilitatorId={HOST} isOwner />);
const input = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;

describe('Owner: add, edit and delete sessions (Session calendar, Session form)', () => {
  it('adds a session: the end follows the start by an hour, and the form is sent as ISO instants', async () => {
    const fetchMock = routeFetch({
      [SESSIONS]: { status: 200, body: [] },
      'POST app/facilitator/sessions': (body) => ({ status: 200, body: mine({ ...(body as object), _id: NEW_ID }) }),
    });
    const { user } = openOwnCalendar();
    await screen.findByText(SESSION_MESSAGES.noSessions);
    await user.click(screen.getByRole('button', { name: 'Add session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add session' });

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Evening sit');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Price (USD)' }), '15');
    fireEvent.change(input(dialog, 'Start time'), { target: { value: '2026-12-01T18:30' } });
    expect(input(dialog, 'End time').value).toBe('2026-12-01T19:30');
    // a changed end is replaced again when the start changes
    fireEvent.change(input(dialog, 'End time'), { target: { value: '2026-12-01T20:00' } });
    fireEvent.change(input(dialog, 'Start time'), { target: { value: '2026-12-01T19:00' } });
    expect(input(dialog, 'End time').value).toBe('2026-12-01T20:00');
    expect(within(dialog).getByText(SESSION_MESSAGES.meetingUrlHint)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Meeting link' }), 'https://meet.example.com/evening');
    await user.click(within(dialog).getByRole('button', { name: 'Create session' }));

    expect(await screen.findByText('Session added')).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/facilitator/sessions')).toEqual([
      {
        name: 'Evening sit',
        description: '',
        price: 15,
        // 19:00 in New York on 1 December is 00:00 UTC on the 2nd
        startTime: '2026-12-02T00:00:00.000Z',
        endTime: '2026-12-02T01:00:00.000Z',
        meetingUrl: 'https://meet.example.com/evening',
        capacity: 1,
        cancellationHours: 24,
      },
    ]);
    // the calendar moves to the week of the new session
    expect(await screen.findByRole('heading', { level: 2, name: 'Nov 29 – Dec 5, 2026' })).toBeTruthy();
  });

  it('checks the form before sending: price, times, end after start, meeting link', async () => {
    const fetchMock = routeFetch({ [SESSIONS]: { status: 200, body: [] } });
    const { user } = openOwnCalendar();
    await user.click(await screen.findByRole('button', { name: 'Add session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add session' });
    await user.click(within(dialog).getByRole('button', { name: 'Create session' }));

    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Price is required')).toBeTruthy();
    expect(within(dialog).getByText('Start time is required')).toBeTruthy();

    fireEvent.change(input(dialog, 'Start time'), { target: { value: '2026-12-01T18:30' } });
    fireEvent.change(input(dialog, 'End time'), { target: { value: '2026-12-01T18:00' } });
    await user.type(within(dialog).getByRole('textbox', { name: 'Meeting link' }), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Create session' }));
    expect(await within(dialog).findByText(SESSION_MESSAGES.endAfterStart)).toBeTruthy();
    expect(within(dialog).getByText(/must start with http|Enter a full link/)).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/facilitator/sessions')).toEqual([]);
  });

  it('edits a session: the form starts from it and sends its _id in the path and the body', async () => {
    const session = mine({ isBooked: true, bookedBy: sam });
    const fetchMock = routeFetch({
      [SESSIONS]: { status: 200, body: [session] },
      [`POST app/facilitator/sessions/${SESSION_ID}`]: (body) => ({
        status: 200,
        body: { ...session, ...(body as object) },
      }),
    });
    const { user } = openOwnCalendar();
    const card = await screen.findByRole('article', { name: 'Morning breath' });
    expect(within(card).getByText('Booked by Sam Rivers')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Edit Morning breath' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit session' });

    expect(input(dialog, 'Start time').value).toBe('2026-11-26T09:00');
    expect(input(dialog, 'End time').value).toBe('2026-11-26T10:00');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Morning breath, longer');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Session saved')).toBeTruthy();
    expect(sentTo(fetchMock, `POST app/facilitator/sessions/${SESSION_ID}`)).toEqual([
      {
        _id: SESSION_ID,
        name: 'Morning breath, longer',
        description: session.description,
        price: 0,
        startTime: session.startTime,
        endTime: session.endTime,
        meetingUrl: session.meetingUrl,
        capacity: 1,
        cancellationHours: 24,
      },
    ]);
  });

  it('deletes a session after confirmation, and says who will be told', async () => {
    let sessions = [mine({ price: 20, isBooked: true, bookedBy: sam })];
    const fetchMock = routeFetch({
      [SESSIONS]: () => ({ status: 200, body: sessions }),
      [`GET app/delete-session/${SESSION_ID}`]: () => {
        sessions = [];
        return { status: 200, body: { deleted: true } };
      },
    });
    const { user } = openOwnCalendar();
    const card = await screen.findByRole('article', { name: 'Morning breath' });
    await user.click(within(card).getByRole('button', { name: 'Delete Morning breath' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are You Sure?' });
    expect(within(confirm).getByText('Sam Rivers will be told, and refunded $20.')).toBeTruthy();

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('delete-session'))).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Delete Morning breath' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Are You Sure?' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(await screen.findByText('Session deleted')).toBeTruthy();
    expect(await screen.findByText(SESSION_MESSAGES.noSessions)).toBeTruthy();
  });

  it('deletes a session of a series with the later ones when asked, telling how many will hear', async () => {
    const SERIES_ID = '77777777-7777-4777-8777-777777777777';
    let sessions = [mine({ seriesId: SERIES_ID, capacity: 12, isBooked: true, bookers: [sam, { ...sam, _id: 'x' }] })];
    const deleted: unknown[] = [];
    const fetchMock = routeFetch({
      [SESSIONS]: () => ({ status: 200, body: sessions }),
      [`POST app/facilitator/session-series/${SERIES_ID}/delete`]: (body: unknown) => {
        deleted.push(body);
        sessions = [];
        return { status: 200, body: { deleted: 3 } };
      },
    });
    const { user } = openOwnCalendar();
    const card = await screen.findByRole('article', { name: /^Morning breath/ });
    await user.click(within(card).getByRole('button', { name: 'Delete Morning breath' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are You Sure?' });
    expect(within(confirm).getByText('The 2 booked members will be told.')).toBeTruthy();
    const scope = within(confirm).getByRole('group', { name: 'Delete' });
    expect((within(scope).getByRole('radio', { name: 'This session' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(scope).getByRole('radio', { name: 'This and following sessions' }));
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Sessions deleted')).toBeTruthy();
    expect(deleted).toEqual([{ sessionId: SESSION_ID, scope: 'following' }]);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('delete-session'))).toBe(false);
  });

  it('members see no owner tools', async () => {
    routeFetch({ [SESSIONS]: { status: 200, body: [buildSession()] } });
    renderWithToasts(<SessionCalendar facilitatorId={HOST} isOwner={false} />);
    await screen.findByRole('button', { name: /Morning breath/ });
    expect(screen.queryByRole('button', { name: 'Add session' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});
