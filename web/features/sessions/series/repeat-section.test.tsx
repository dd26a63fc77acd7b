// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { SessionAnswer } from '@common/sessions/schemas';
import { SERIES_ERRORS } from '@common/sessions/series/errors';
import { SessionCalendar } from '../session-calendar';
import {
  buildSession,
  HOST,
  pinSessionClock,
  renderWithToasts,
  routeFetch,
  sentTo,
  SESSION_ID,
} from '../testing/session-fixtures';

pinSessionClock('facilitator-token');

const SESSIONS = `GET app/facilitator/${HOST}/sessions`;
const SERIES_ID = '44444444-4444-4444-8444-444444444444';
const mine = (overrides: Partial<SessionAnswer> = {}) =>
  buildSession({ isOwner: true, meetingUrl: 'https://meet.example.com/morning', ...overrides });
const openOwnCalendar = () => renderWithToasts(<SessionCalendar facilitatorId={HOST} isOwner />);
const preview = (dialog: HTMLElement) => within(dialog).getByTestId('repeat-preview').textContent;

describe('the Repeat section of the session form', () => {
  it('previews the sessions a rule makes as it is typed, and creates a series with it', async () => {
    const fetchMock = routeFetch({
      [SESSIONS]: { status: 200, body: [] },
      'POST app/facilitator/session-series': (body) => ({
        status: 200,
        body: {
          _id: SERIES_ID,
          summary: 'Weekly on Mon, Wed · 07:00',
          rule: (body as { repeat: unknown }).repeat,
          rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;WKST=MO;COUNT=12',
          timeZone: 'America/New_York',
          localStart: '2027-01-04T07:00',
          durationMinutes: 60,
          name: 'Morning flow',
          description: '',
          price: 0,
          meetingUrl: 'https://meet.example.com/morning',
          cancelledDates: [],
          occurrences: [
            mine({
              name: 'Morning flow',
              seriesId: SERIES_ID,
              startTime: '2027-01-04T12:00:00.000Z',
              endTime: '2027-01-04T13:00:00.000Z',
            }),
          ],
        },
      }),
    });
    const { user } = openOwnCalendar();
    await user.click(await screen.findByRole('button', { name: 'Add session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add session' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Morning flow');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Price (USD)' }), '0');
    fireEvent.change(within(dialog).getByLabelText('Start time'), { target: { value: '2027-01-04T07:00' } });
    await user.type(within(dialog).getByRole('textbox', { name: 'Meeting link' }), 'https://meet.example.com/morning');

    const repeat = within(dialog).getByRole('region', { name: 'Repeat' });
    expect(within(repeat).getByRole('combobox', { name: 'Repeat' })).toHaveProperty('value', 'none');
    await user.selectOptions(within(repeat).getByRole('combobox', { name: 'Repeat' }), 'weekly');
    // the start's day is chosen for a start; ten sessions by default
    expect(within(repeat).getByRole('button', { name: 'Monday' }).getAttribute('aria-pressed')).toBe('true');
    expect(preview(dialog)).toBe('10 sessions, Mon 01/04/2027 – Mon 03/08/2027');

    await user.click(within(repeat).getByRole('button', { name: 'Wednesday' }));
    const count = within(repeat).getByRole('spinbutton', { name: 'Number of sessions' });
    await user.clear(count);
    await user.type(count, '12');
    expect(preview(dialog)).toBe('12 sessions, Mon 01/04/2027 – Wed 02/10/2027');
    const every = within(repeat).getByRole('spinbutton', { name: 'Every' });
    await user.clear(every);
    await user.type(every, '2');
    expect(preview(dialog)).toBe('12 sessions, Mon 01/04/2027 – Wed 03/17/2027');

    // too many: said at once, and Save sends nothing
    await user.clear(count);
    await user.type(count, '201');
    expect(preview(dialog)).toBe(SERIES_ERRORS.series_too_long);
    await user.click(within(dialog).getByRole('button', { name: 'Create session' }));
    expect(sentTo(fetchMock, 'POST app/facilitator/session-series')).toEqual([]);

    // ends on a date instead
    await user.click(within(repeat).getByRole('radio', { name: 'On' }));
    fireEvent.change(within(repeat).getByLabelText('Last date'), { target: { value: '2027-02-03' } });
    expect(preview(dialog)).toBe('6 sessions, Mon 01/04/2027 – Wed 02/03/2027');
    await user.click(within(dialog).getByRole('button', { name: 'Create session' }));
    expect(await screen.findByText('Session added')).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/facilitator/session-series')).toEqual([
      expect.objectContaining({
        name: 'Morning flow',
        startTime: '2027-01-04T12:00:00.000Z',
        repeat: { frequency: 'weekly', interval: 2, weekdays: ['MO', 'WE'], ends: { type: 'on', date: '2027-02-03' } },
      }),
    ]);
  });

  it('asks which sessions a change of a session in a series reaches, in a dialog with a radio group', async () => {
    const occurrence = mine({ seriesId: SERIES_ID });
    const fetchMock = routeFetch({
      [SESSIONS]: { status: 200, body: [occurrence] },
      [`GET app/facilitator/session-series/${SERIES_ID}`]: {
        status: 200,
        body: {
          _id: SERIES_ID,
          summary: 'Weekly on Wed · 10:00',
          rule: { frequency: 'weekly', interval: 1, weekdays: ['WE'], ends: { type: 'after', count: 4 } },
          rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=WE;WKST=MO;COUNT=4',
          timeZone: 'America/New_York',
          localStart: '2026-11-25T10:00',
          durationMinutes: 60,
          name: occurrence.name,
          description: '',
          price: 0,
          meetingUrl: 'https://meet.example.com/morning',
          cancelledDates: [],
          occurrences: [occurrence],
        },
      },
      [`POST app/facilitator/session-series/${SERIES_ID}/edit`]: (body) => ({
        status: 200,
        body: { seriesId: SERIES_ID, session: { ...occurrence, name: (body as { name: string }).name } },
      }),
    });
    const { user } = openOwnCalendar();
    // the slot says it repeats
    expect(await screen.findByText('Repeating session')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: `Edit ${occurrence.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit session' });
    expect(await within(dialog).findByText('Weekly on Wed · 10:00')).toBeTruthy();
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Evening flow');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    const scope = await screen.findByRole('dialog', { name: 'Change recurring session' });
    const choices = within(scope).getByRole('group', { name: 'Apply the changes to' });
    expect(within(choices).getByRole('radio', { name: 'This session' })).toHaveProperty('checked', true);
    await user.click(within(choices).getByRole('radio', { name: 'All sessions' }));
    await user.click(within(scope).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Session saved')).toBeTruthy();
    expect(sentTo(fetchMock, `POST app/facilitator/session-series/${SERIES_ID}/edit`)).toEqual([
      expect.objectContaining({ name: 'Evening flow', scope: 'all', sessionId: SESSION_ID }),
    ]);
  });
});
