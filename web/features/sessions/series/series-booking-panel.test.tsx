// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { SessionCalendar } from '../session-calendar';
import {
  buildSession,
  HOST,
  pinSessionClock,
  renderWithToasts,
  routeFetch,
  SESSION_ID,
  sentTo,
} from '../testing/session-fixtures';

pinSessionClock('member-token');

const SERIES_ID = '44444444-4444-4444-8444-444444444444';
const SESSIONS = `GET app/facilitator/${HOST}/sessions`;
const OFFER = `GET app/session-series/${SERIES_ID}/booking`;
const BOOK = `POST app/session-series/${SERIES_ID}/book`;
const CANCEL = `POST app/session-series/${SERIES_ID}/cancel-booking`;
const offer = (overrides: Record<string, unknown> = {}) => ({
  seriesId: SERIES_ID,
  wholeSeriesBooking: true,
  seriesPayment: 'per_occurrence',
  remaining: 4,
  price: 0,
  paid: false,
  myBooking: null,
  ...overrides,
});

async function openSession(name: string) {
  const page = renderWithToasts(<SessionCalendar facilitatorId={HOST} isOwner={false} />);
  await page.user.click(await screen.findByRole('button', { name: new RegExp(name) }));
  return { ...page, dialog: await screen.findByRole('dialog', { name }) };
}

describe('Booking a whole series from the session dialog', () => {
  it('offers "Book all 4 remaining sessions" beside Book, and books the series with one call', async () => {
    const fetchMock = routeFetch({
      [SESSIONS]: { status: 200, body: [buildSession({ seriesId: SERIES_ID })] },
      [OFFER]: { status: 200, body: offer() },
      [BOOK]: { status: 200, body: { status: 'booked', places: 4 } },
      [`GET app/session/${SESSION_ID}`]: {
        status: 200,
        body: buildSession({
          seriesId: SERIES_ID,
          isBooked: true,
          bookedByMe: true,
          myBooking: 'booked',
          meetingUrl: 'https://meet.example.com/morning',
        }),
      },
    });
    const { user, dialog } = await openSession('Morning breath');
    expect(within(dialog).getByRole('button', { name: 'Book' })).toBeTruthy();
    const bookAll = await within(dialog).findByRole('button', { name: 'Book all 4 remaining sessions' });
    await user.click(bookAll);
    expect(await within(dialog).findByText('Booked by you')).toBeTruthy();
    expect(await within(dialog).findByRole('link', { name: 'Open session link' })).toBeTruthy();
    expect(sentTo(fetchMock, BOOK)).toHaveLength(1);
  });

  it('a paid series paid at once shows the total, and a full session is said in an alert', async () => {
    routeFetch({
      [SESSIONS]: { status: 200, body: [buildSession({ seriesId: SERIES_ID, price: 20 })] },
      [OFFER]: { status: 200, body: offer({ seriesPayment: 'whole_series', price: 80, paid: true }) },
      [BOOK]: {
        status: 409,
        body: { error: 'series_occurrence_full', message: 'Morning breath on 2026-11-27 is full. Nothing was booked.' },
      },
    });
    const { user, dialog } = await openSession('Morning breath');
    await user.click(await within(dialog).findByRole('button', { name: 'Book all 4 remaining sessions · $80' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('is full. Nothing was booked.');
  });

  it('is not offered when the series is booked one session at a time, or paid per session', async () => {
    routeFetch({
      [SESSIONS]: { status: 200, body: [buildSession({ seriesId: SERIES_ID, price: 20 })] },
      [OFFER]: { status: 200, body: offer({ price: 0, paid: true }) },
    });
    const { dialog } = await openSession('Morning breath');
    expect(await within(dialog).findByRole('button', { name: 'Book for $20' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Book all/ })).toBeNull();
  });

  it('a member who booked the series sees it, and may cancel the whole series', async () => {
    const fetchMock = routeFetch({
      [SESSIONS]: {
        status: 200,
        body: [
          buildSession({
            seriesId: SERIES_ID,
            isBooked: true,
            bookedByMe: true,
            myBooking: 'booked',
            meetingUrl: 'https://meet.example.com/morning',
          }),
        ],
      },
      [OFFER]: { status: 200, body: offer({ myBooking: { _id: 'sb1', status: 'booked', places: 4 } }) },
      [CANCEL]: { status: 200, body: { cancelled: true, places: 4, refunded: 0 } },
    });
    const { user } = renderWithToasts(<SessionCalendar facilitatorId={HOST} isOwner={false} />);
    await user.click(await screen.findByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Morning breath' });
    expect(await within(dialog).findByText('Booked as part of the series')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Add the series to calendar' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the whole series' }));
    const confirm = within(dialog).getAllByRole('button', { name: 'Cancel the whole series' }).at(-1)!;
    await user.click(confirm);
    expect(await screen.findByText('Your series booking is cancelled')).toBeTruthy();
    expect(sentTo(fetchMock, CANCEL)).toHaveLength(1);
  });
});

describe('cancelling one place of a paid series booking', () => {
  it("says the refund is that session's share of the series payment, not the session's own price", async () => {
    routeFetch({
      [SESSIONS]: {
        status: 200,
        body: [
          buildSession({
            seriesId: SERIES_ID,
            price: 20,
            isBooked: true,
            bookedByMe: true,
            myBooking: 'booked',
            cancellationHours: 0,
            startTime: '2026-11-27T14:00:00.000Z',
            endTime: '2026-11-27T15:00:00.000Z',
          }),
        ],
      },
      [OFFER]: {
        status: 200,
        body: offer({
          seriesPayment: 'whole_series',
          price: 50,
          paid: true,
          myBooking: { _id: 'sb1', status: 'booked', places: 3 },
        }),
      },
    });
    const page = renderWithToasts(<SessionCalendar facilitatorId={HOST} isOwner={false} />);
    const slot = await screen.findByRole('article', { name: /Morning breath/ });
    await page.user.click(within(slot).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Morning breath' });
    await within(dialog).findByText('Booked as part of the series', { exact: false });
    await page.user.click(within(dialog).getAllByRole('button', { name: 'Cancel booking' })[0]!);
    expect(
      await within(dialog).findByText("You will be refunded this session's share of your series payment."),
    ).toBeTruthy();
    expect(within(dialog).queryByText('You will be refunded $20.00.')).toBeNull();
  });
});
