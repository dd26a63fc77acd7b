// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { SESSION_MESSAGES } from '@common/sessions/schemas';
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
const CREDIT_BOOKING = `POST app/session/${SESSION_ID}/book-with-credit`;

async function openSession(name: string) {
  const page = renderWithToasts(<SessionCalendar facilitatorId={HOST} isOwner={false} />);
  await page.user.click(await screen.findByRole('button', { name: new RegExp(name) }));
  return { ...page, dialog: await screen.findByRole('dialog', { name }) };
}

describe('Booking a paid session with a session credit', () => {
  it('offers "Book with a credit · 1 of 2 left this month" beside paying, and books with it', async () => {
    const session = buildSession({ price: 40, creditsLeft: 1, creditsPerPeriod: 2, creditPeriod: 'month' });
    const bookedSession = { ...session, isBooked: true, bookedByMe: true, meetingUrl: MEETING, creditsLeft: 0 };
    const fetchMock = routeFetch({
      [SESSIONS]: { status: 200, body: [session] },
      [CREDIT_BOOKING]: { status: 200, body: { session: bookedSession, meetingUrl: MEETING } },
    });
    const { user, dialog } = await openSession('Morning breath');
    expect(within(dialog).getByRole('button', { name: 'Book for $40' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Book with a credit · 1 of 2 left this month' }));

    expect(await within(dialog).findByRole('link', { name: 'Open session link' })).toBeTruthy();
    expect(sentTo(fetchMock, CREDIT_BOOKING)).toHaveLength(1);
  });

  it('with no credit left, says so and offers paying only', async () => {
    routeFetch({
      [SESSIONS]: {
        status: 200,
        body: [buildSession({ price: 40, creditsLeft: 0, creditsPerPeriod: 2, creditPeriod: 'month' })],
      },
    });
    const { dialog } = await openSession('Morning breath');
    expect(within(dialog).getByText(SESSION_MESSAGES.creditsLeftLine(0, 2, 'month'))).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Book with a credit/ })).toBeNull();
  });

  it('a member without credits sees no credit button', async () => {
    routeFetch({ [SESSIONS]: { status: 200, body: [buildSession({ price: 40 })] } });
    const { dialog } = await openSession('Morning breath');
    expect(within(dialog).queryByRole('button', { name: /Book with a credit/ })).toBeNull();
  });
});
