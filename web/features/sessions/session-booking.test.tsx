// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { SESSION_MESSAGES } from '@common/sessions/schemas';
import { checkoutRedirect } from './checkout-redirect';
import { SessionCalendar } from './session-calendar';
import {
  buildSession,
  HOST,
  pinSessionClock,
  renderWithToasts,
  routeFetch,
  sentTo,
  SESSION_ID,
} from './testing/session-fixtures';

pinSessionClock('member-token');

const SESSIONS = `GET app/facilitator/${HOST}/sessions`;
const MEETING = 'https://meet.example.com/morning';

async function openSession(name: string) {
  const page = renderWithToasts(<SessionCalendar facilitatorId={HOST} isOwner={false} />);
  await page.user.click(await screen.findByRole('button', { name: new RegExp(name) }));
  return { ...page, dialog: await screen.findByRole('dialog', { name }) };
}

describe('Booking a session from the calendar', () => {
  it('shows the details, books a free session with {sessionId} and shows the meeting link', async () => {
    let booked = false;
    const session = buildSession();
    const fetchMock = routeFetch({
      [SESSIONS]: () => ({
        status: 200,
        body: [booked ? { ...session, isBooked: true, bookedByMe: true, meetingUrl: MEETING } : session],
      }),
      'POST app/book-free-session': () => {
        booked = true;
        return {
          status: 200,
          body: { session: { ...session, isBooked: true, bookedByMe: true, meetingUrl: MEETING }, meetingUrl: MEETING },
        };
      },
    });
    const { user, dialog } = await openSession('Morning breath');

    expect(within(dialog).getByText('with Maya Host')).toBeTruthy();
    expect(within(dialog).getByText('Ten slow breaths, then a short sit.')).toBeTruthy();
    expect(within(dialog).getByText('Thursday, 11/26/2026')).toBeTruthy();
    expect(within(dialog).getByText(/^09:00–10:00 \S+$/)).toBeTruthy();
    expect(within(dialog).getByText('Free')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));

    const link = await within(dialog).findByRole('link', { name: 'Open session link' });
    expect(link.getAttribute('href')).toBe(MEETING);
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(dialog).getByText('Booked by you')).toBeTruthy();
    expect(await screen.findByText("You're booked into Morning breath")).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/book-free-session')).toEqual([{ sessionId: SESSION_ID }]);

    // The calendar is fetched again and shows the booking too.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Booked by you')).toBeTruthy();
  });

  it('says so when someone else booked it first', async () => {
    routeFetch({
      [SESSIONS]: { status: 200, body: [buildSession()] },
      'POST app/book-free-session': {
        status: 409,
        body: { error: 'session_already_booked', message: SESSION_MESSAGES.alreadyBooked },
      },
    });
    const { user, dialog } = await openSession('Morning breath');
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(SESSION_MESSAGES.alreadyBooked);
    expect(within(dialog).queryByRole('link', { name: 'Open session link' })).toBeNull();
  });

  it("a paid session offers 'Book for $X', which goes to the hosted checkout", async () => {
    const go = vi.spyOn(checkoutRedirect, 'go').mockImplementation(() => undefined);
    const fetchMock = routeFetch({
      [SESSIONS]: { status: 200, body: [buildSession({ price: 25 })] },
      'POST app/session/create-checkout-session': { status: 200, body: { url: '/test-mode/checkout/cs_test_session' } },
      'POST app/book-free-session': { status: 400 },
    });
    const { user, dialog } = await openSession('Morning breath');
    expect(within(dialog).getByText('$25')).toBeTruthy();
    const book = within(dialog).getByRole('button', { name: 'Book for $25' });
    await user.click(book);

    await waitFor(() => expect(go).toHaveBeenCalledWith('/test-mode/checkout/cs_test_session'));
    expect(sentTo(fetchMock, 'POST app/session/create-checkout-session')).toEqual([{ sessionId: SESSION_ID }]);
    expect(sentTo(fetchMock, 'POST app/book-free-session')).toEqual([]);
    // Busy until the browser has left.
    expect(book.hasAttribute('disabled')).toBe(true);
  });

  it('Cancel closes the details without booking', async () => {
    const fetchMock = routeFetch({ [SESSIONS]: { status: 200, body: [buildSession()] } });
    const { user, dialog } = await openSession('Morning breath');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentTo(fetchMock, 'POST app/book-free-session')).toEqual([]);
  });
});
