import type { ReactElement } from 'react';
import { afterAll, beforeEach, vi } from 'vitest';
import { Toaster } from 'sonner';
import type { SessionAnswer } from '@common/sessions/schemas';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { routeFetch as routeFetchBy, sentTo as sentToBy, type Routes } from '@web/testing/route-fetch';
import { setTestTimeZone } from '@web/testing/time-zone';

export const ME = '11111111-1111-4111-8111-111111111111';
export const HOST = '22222222-2222-4222-8222-222222222222';
export const SESSION_ID = '33333333-3333-4333-8333-333333333331';
export const OTHER_SESSION_ID = '33333333-3333-4333-8333-333333333332';

/** Wednesday 25 November 2026, 10:00 in New York (the tests' time zone). */
export const NOW = new Date('2026-11-25T15:00:00.000Z');
/** That week in New York: Sunday 22 November 00:00 (UTC-5) to the next Sunday. */
export const WEEK = { from: '2026-11-22T05:00:00.000Z', to: '2026-11-29T05:00:00.000Z' };

export const host = { _id: HOST, name: 'Maya Host', profilePicture: null };
export const sam = { _id: ME, name: 'Sam Rivers', profilePicture: null };

/** Thursday 26 November 2026, 09:00–10:00 in New York; free and open. */
export function buildSession(overrides: Partial<SessionAnswer> = {}): SessionAnswer {
  return {
    _id: SESSION_ID,
    name: 'Morning breath',
    description: 'Ten slow breaths, then a short sit.',
    price: 0,
    startTime: '2026-11-26T14:00:00.000Z',
    endTime: '2026-11-26T15:00:00.000Z',
    meetingUrl: null,
    isBooked: false,
    bookedByMe: false,
    isOwner: false,
    facilitator: host,
    bookedBy: null,
    capacity: 1,
    placesLeft: 1,
    myBooking: null,
    cancellationHours: 24,
    ...overrides,
  };
}

const whoami = {
  'GET auth/whoami': { status: 200, body: { isLoggedIn: true, streak: 1, id: ME, name: 'Sam Rivers' } },
};

/** Replaces global fetch, query strings ignored; whoami answers as ME (a member unless overridden). */
export const routeFetch = (routes: Routes) => routeFetchBy({ ...whoami, ...routes }, { ignoreQuery: true });
export const sentTo = (fetchMock: ReturnType<typeof routeFetchBy>, key: string) =>
  sentToBy(fetchMock, key, { ignoreQuery: true });

/** The URLs (path and query) fetched with GET for `path`, in order. */
export const urlsOf = (fetchMock: ReturnType<typeof routeFetchBy>, path: string) =>
  fetchMock.mock.calls
    .filter(
      ([url, init]) =>
        (init?.method ?? 'GET') === 'GET' &&
        String(url)
          .replace(/^\/api\//, '')
          .split('?')[0] === path,
    )
    .map(([url]) => new URL(String(url), 'http://localhost'));

/** The page or component, with the toaster the app has, at `url` under `path`. */
export const renderWithToasts = (ui: ReactElement, address: { path?: string; url?: string } = {}) =>
  renderPage(
    <>
      {ui}
      <Toaster />
    </>,
    address,
  );

/**
 * The week and the times are the viewer's local ones: every sessions test pins the zone to
 * New York and 'now' to NOW, and resets the page between tests signed in with `token`.
 */
export function pinSessionClock(token: string) {
  const restoreZone = setTestTimeZone('America/New_York');
  afterAll(restoreZone);
  resetPageBetweenTests({ token });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    return () => vi.useRealTimers();
  });
}
