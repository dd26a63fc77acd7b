// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarFeedAnswer } from '@common/calendar-feed/schemas';
import { renderPage } from '@web/testing/render-page';
import { routeFetch, sentTo } from '@web/testing/route-fetch';
import {
  CALENDAR_FEED_LOAD_FAILED_TEXT,
  CalendarFeedSection,
  FEED_ADDRESS_LABEL,
  NEW_ADDRESS_TEXT,
  TURN_ON_FEED_TEXT,
} from './calendar-feed-section';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const OFF: CalendarFeedAnswer = { enabled: false, url: null, webcalUrl: null, createdAt: null };
const feedAt = (token: string): CalendarFeedAnswer => ({
  enabled: true,
  url: `https://tend.example/calendar/${token}.ics`,
  webcalUrl: `webcal://tend.example/calendar/${token}.ics`,
  createdAt: '2026-12-01T10:00:00.000Z',
});
const FIRST = feedAt('A'.repeat(43));
const SECOND = feedAt('B'.repeat(43));

const renderSection = (isFacilitator = false) =>
  renderPage(<CalendarFeedSection isFacilitator={isFacilitator} />, { path: '/settings' });

describe('Settings: calendar feed', () => {
  it('is off at first; turning it on shows the address with a link for each calendar app', async () => {
    const fetchMock = routeFetch({
      'GET app/calendar-feed': { status: 200, body: OFF },
      'POST app/calendar-feed': { status: 200, body: FIRST },
    });
    const { user } = renderSection();
    expect(await screen.findByText(/Subscribe to the sessions you booked from Apple Calendar/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: TURN_ON_FEED_TEXT }));

    const address = (await screen.findByRole('textbox', { name: FEED_ADDRESS_LABEL })) as HTMLInputElement;
    expect(address.value).toBe(FIRST.url);
    expect(address.readOnly).toBe(true);
    expect(sentTo(fetchMock, 'POST app/calendar-feed')).toHaveLength(1);

    const apps = within(screen.getByRole('list', { name: 'Add to a calendar app' }));
    expect(apps.getByRole('link', { name: 'Add to Apple Calendar' }).getAttribute('href')).toBe(FIRST.webcalUrl);
    expect(apps.getByRole('link', { name: /Add to Google Calendar/ }).getAttribute('href')).toBe(
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(FIRST.webcalUrl!)}`,
    );
    expect(apps.getByRole('link', { name: /Add to Outlook/ }).getAttribute('href')).toBe(
      `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(FIRST.url!)}`,
    );
  });

  it('copies the address', async () => {
    routeFetch({ 'GET app/calendar-feed': { status: 200, body: FIRST } });
    const { user } = renderSection();
    // after user-event's setup, which puts its own clipboard in place
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(FIRST.url);
  });

  it('gets a new address only once confirmed, and shows it', async () => {
    const fetchMock = routeFetch({
      'GET app/calendar-feed': { status: 200, body: FIRST },
      'POST app/calendar-feed': { status: 200, body: SECOND },
    });
    const { user } = renderSection(true);
    expect(await screen.findByText(/Subscribe to the sessions you offer and the ones you booked/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: NEW_ADDRESS_TEXT }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Get a new address?' });
    expect(within(dialog).getByText(/The current address stops working at once/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sentTo(fetchMock, 'POST app/calendar-feed')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: NEW_ADDRESS_TEXT }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Get a new address?' })).getByRole('button', {
        name: NEW_ADDRESS_TEXT,
      }),
    );
    expect(((await screen.findByDisplayValue(SECOND.url!)) as HTMLInputElement).value).toBe(SECOND.url);
    expect(sentTo(fetchMock, 'POST app/calendar-feed')).toHaveLength(1);
  });

  it('turns off once confirmed', async () => {
    const fetchMock = routeFetch({
      'GET app/calendar-feed': { status: 200, body: FIRST },
      'DELETE app/calendar-feed': { status: 200, body: OFF },
    });
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Turn off the calendar feed?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off the feed' }));
    expect(await screen.findByRole('button', { name: TURN_ON_FEED_TEXT })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: FEED_ADDRESS_LABEL })).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('says when the feed cannot be loaded, with a retry', async () => {
    routeFetch({ 'GET app/calendar-feed': { status: 500, body: { error: 'internal_error' } } });
    renderSection();
    expect(await screen.findByText(CALENDAR_FEED_LOAD_FAILED_TEXT)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again|Retry/ })).toBeTruthy();
  });
});
