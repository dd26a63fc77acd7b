// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { SessionCalendar } from '../session-calendar';
import { buildSession, HOST, pinSessionClock, renderWithToasts, routeFetch, sentTo } from '../testing/session-fixtures';

pinSessionClock('facilitator-token');

const SESSIONS = `GET app/facilitator/${HOST}/sessions`;
const SERIES_ID = '44444444-4444-4444-8444-444444444444';

describe('the series booking settings of the Repeat section', () => {
  it('lets a paid series be booked whole for one payment at a series price', async () => {
    const fetchMock = routeFetch({
      [SESSIONS]: { status: 200, body: [] },
      'POST app/facilitator/session-series': () => ({
        status: 200,
        body: {
          _id: SERIES_ID,
          summary: 'Weekly on Mon · 07:00',
          rule: { frequency: 'weekly', interval: 1, weekdays: ['MO'], ends: { type: 'after', count: 10 } },
          rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;WKST=MO;COUNT=10',
          timeZone: 'America/New_York',
          localStart: '2027-01-04T07:00',
          durationMinutes: 60,
          name: 'Morning flow',
          description: '',
          price: 20,
          meetingUrl: 'https://meet.example.com/morning',
          cancelledDates: [],
          occurrences: [buildSession({ isOwner: true, seriesId: SERIES_ID, price: 20 })],
        },
      }),
    });
    const { user } = renderWithToasts(<SessionCalendar facilitatorId={HOST} isOwner />);
    await user.click(await screen.findByRole('button', { name: 'Add session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add session' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Morning flow');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Price (USD)' }), '20');
    fireEvent.change(within(dialog).getByLabelText('Start time'), { target: { value: '2027-01-04T07:00' } });
    await user.type(within(dialog).getByRole('textbox', { name: 'Meeting link' }), 'https://meet.example.com/morning');
    const repeat = within(dialog).getByRole('region', { name: 'Repeat' });
    // nothing to set while the session does not repeat
    expect(within(repeat).queryByRole('checkbox', { name: /book every remaining session/ })).toBeNull();
    await user.selectOptions(within(repeat).getByRole('combobox', { name: 'Repeat' }), 'weekly');

    await user.click(
      within(repeat).getByRole('checkbox', { name: 'Members may book every remaining session at once' }),
    );
    await user.selectOptions(
      within(repeat).getByRole('combobox', { name: 'How a paid series is paid' }),
      'whole_series',
    );
    await user.type(within(repeat).getByRole('spinbutton', { name: 'Series price (dollars)' }), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Create session' }));
    expect(await screen.findByText('Session added')).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/facilitator/session-series')).toEqual([
      expect.objectContaining({ wholeSeriesBooking: true, seriesPayment: 'whole_series', seriesPrice: 150 }),
    ]);
  });
});
