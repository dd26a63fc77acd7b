// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { SESSION_MESSAGES } from '@common/sessions/schemas';
import { SessionCalendar } from './session-calendar';
import { WAITLIST_TEXTS } from './waitlist-texts';
import {
  buildSession,
  HOST,
  OTHER_SESSION_ID,
  pinSessionClock,
  renderWithToasts,
  routeFetch,
  urlsOf,
  WEEK,
} from './testing/session-fixtures';

pinSessionClock('member-token');

const SESSIONS_PATH = `app/facilitator/${HOST}/sessions`;
const openCalendar = (isOwner = false) => renderWithToasts(<SessionCalendar facilitatorId={HOST} isOwner={isOwner} />);
const dayNames = () =>
  within(screen.getByRole('list', { name: 'Days of the week' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.getAttribute('aria-label'));
const windowOf = (url: URL) => ({ from: url.searchParams.get('from'), to: url.searchParams.get('to') });

describe('SessionCalendar week', () => {
  it('asks for Sunday 00:00 to the next Sunday 00:00 local time and shows Sunday to Saturday', async () => {
    const fetchMock = routeFetch({ [`GET ${SESSIONS_PATH}`]: { status: 200, body: [buildSession()] } });
    openCalendar();

    expect(await screen.findByRole('heading', { level: 2, name: 'Nov 22 – 28, 2026' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Morning breath/ })).toBeTruthy();
    expect(urlsOf(fetchMock, SESSIONS_PATH).map(windowOf)).toEqual([WEEK]);
    expect(dayNames()).toEqual([
      'Sunday, 11/22/2026',
      'Monday, 11/23/2026',
      'Tuesday, 11/24/2026',
      'Wednesday, 11/25/2026',
      'Thursday, 11/26/2026',
      'Friday, 11/27/2026',
      'Saturday, 11/28/2026',
    ]);
    // 14:00Z is 09:00 in New York, on Thursday
    const thursday = screen.getByRole('listitem', { name: 'Thursday, 11/26/2026' });
    expect(within(thursday).getByText('09:00–10:00')).toBeTruthy();
    expect(within(thursday).getByText('Free')).toBeTruthy();
    // the zone is named
    expect(screen.getByText('Times are in your time zone (EST).')).toBeTruthy();
  });

  it('previous and next week arrows ask for the neighbouring weeks', async () => {
    const fetchMock = routeFetch({ [`GET ${SESSIONS_PATH}`]: { status: 200, body: [] } });
    const { user } = openCalendar();
    await screen.findByText(SESSION_MESSAGES.noSessions);

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Nov 29 – Dec 5, 2026' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Nov 15 – 21, 2026' })).toBeTruthy();
    await waitFor(() => expect(urlsOf(fetchMock, SESSIONS_PATH)).toHaveLength(4));

    // this week, the next, this week again (refreshed on the way back), the previous
    expect(urlsOf(fetchMock, SESSIONS_PATH).map(windowOf)).toEqual([
      WEEK,
      { from: '2026-11-29T05:00:00.000Z', to: '2026-12-06T05:00:00.000Z' },
      WEEK,
      { from: '2026-11-15T05:00:00.000Z', to: '2026-11-22T05:00:00.000Z' },
    ]);
    await user.click(screen.getByRole('button', { name: 'This week' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Nov 22 – 28, 2026' })).toBeTruthy();
  });

  it('sorts each day by start time, in 24-hour time', async () => {
    routeFetch({
      [`GET ${SESSIONS_PATH}`]: {
        status: 200,
        body: [
          buildSession({
            name: 'Evening wind-down',
            startTime: '2026-11-26T23:30:00.000Z',
            endTime: '2026-11-27T00:15:00.000Z',
            price: 12.5,
          }),
          buildSession({
            _id: OTHER_SESSION_ID,
            name: 'Dawn sit',
            startTime: '2026-11-26T12:00:00.000Z',
            endTime: '2026-11-26T12:45:00.000Z',
          }),
        ],
      },
    });
    openCalendar();
    const thursday = await screen.findByRole('listitem', { name: 'Thursday, 11/26/2026' });
    await waitFor(() => expect(within(thursday).getAllByRole('button')).toHaveLength(2));
    const [first, second] = within(thursday).getAllByRole('button');
    expect(first!.textContent).toBe('07:00–07:45Dawn sitFree');
    expect(second!.textContent).toBe('18:30–19:15Evening wind-down$12.50');
  });

  it("says 'No sessions available' when the week has none", async () => {
    routeFetch({ [`GET ${SESSIONS_PATH}`]: { status: 200, body: [] } });
    openCalendar();
    expect(await screen.findByText(SESSION_MESSAGES.noSessions)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Days of the week' })).toBeNull();
  });

  it('a one-to-one booked by someone else reads Booked and opens to join its waitlist; my own booking shows its link', async () => {
    routeFetch({
      [`GET ${SESSIONS_PATH}`]: {
        status: 200,
        body: [
          buildSession({ name: 'Taken', isBooked: true }),
          buildSession({
            _id: OTHER_SESSION_ID,
            name: 'Mine',
            startTime: '2026-11-27T14:00:00.000Z',
            endTime: '2026-11-27T15:00:00.000Z',
            isBooked: true,
            bookedByMe: true,
            meetingUrl: 'https://meet.example.com/mine',
          }),
        ],
      },
    });
    const { user } = openCalendar();

    const taken = await screen.findByRole('button', { name: /Taken/ });
    expect(taken.getAttribute('aria-disabled')).toBeNull();
    expect(within(taken).getByText('Booked · Join waitlist')).toBeTruthy();
    await user.click(taken);
    const dialog = await screen.findByRole('dialog', { name: 'Taken' });
    expect(within(dialog).getByText(WAITLIST_TEXTS.explainOne)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Join waitlist' })).toBeTruthy();
    await user.keyboard('{Escape}');

    const mine = screen.getByRole('article', { name: 'Mine' });
    expect(within(mine).getByText('Booked by you')).toBeTruthy();
    const link = within(mine).getByRole('link', { name: 'Open session link' });
    expect(link.getAttribute('href')).toBe('https://meet.example.com/mine');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('a session that has started cannot be booked', async () => {
    routeFetch({
      [`GET ${SESSIONS_PATH}`]: {
        status: 200,
        body: [
          buildSession({
            name: 'Earlier today',
            startTime: '2026-11-25T13:00:00.000Z',
            endTime: '2026-11-25T16:00:00.000Z',
          }),
        ],
      },
    });
    openCalendar();
    const started = await screen.findByRole('button', { name: /Earlier today/ });
    expect(started.getAttribute('aria-disabled')).toBe('true');
    expect(within(started).getByText('Started')).toBeTruthy();
  });

  it('offers Try again when the week cannot be loaded', async () => {
    let fail = true;
    routeFetch({ [`GET ${SESSIONS_PATH}`]: () => (fail ? { status: 500 } : { status: 200, body: [] }) });
    const { user } = openCalendar();
    expect(await screen.findByText('We could not load the sessions.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(SESSION_MESSAGES.noSessions)).toBeTruthy();
  });
});

describe('a link to one session (a mail, a notification)', () => {
  it("opens the calendar at the session's week with its details, once, and tidies the address", async () => {
    const later = buildSession({
      _id: OTHER_SESSION_ID,
      name: 'Evening rest',
      startTime: '2026-12-10T20:00:00.000Z',
      endTime: '2026-12-10T21:00:00.000Z',
    });
    const fetchMock = routeFetch({ [`GET ${SESSIONS_PATH}`]: { status: 200, body: [later] } });
    const { user } = renderWithToasts(<SessionCalendar facilitatorId={HOST} isOwner={false} />, {
      path: '/profile/:id',
      url: `/profile/${HOST}?tab=sessions&session=${OTHER_SESSION_ID}&at=${encodeURIComponent(later.startTime)}`,
    });

    expect(await screen.findByRole('dialog', { name: 'Evening rest' })).toBeTruthy();
    expect(urlsOf(fetchMock, SESSIONS_PATH).map(windowOf)[0]).toEqual({
      from: '2026-12-06T05:00:00.000Z',
      to: '2026-12-13T05:00:00.000Z',
    });
    // closed, it stays closed: the link opened it once
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 2, name: 'Dec 6 – 12, 2026' })).toBeTruthy();
  });

  it('opens nothing when the linked session is no longer in its week', async () => {
    routeFetch({ [`GET ${SESSIONS_PATH}`]: { status: 200, body: [buildSession()] } });
    renderWithToasts(<SessionCalendar facilitatorId={HOST} isOwner={false} />, {
      path: '/profile/:id',
      url: `/profile/${HOST}?tab=sessions&session=gone&at=2026-11-26T14:00:00.000Z`,
    });
    expect(await screen.findByRole('button', { name: /Morning breath/ })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
