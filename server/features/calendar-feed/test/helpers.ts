import { expect } from 'vitest';
import type { CalendarFeedAnswer } from '../../../../common/calendar-feed/schemas';
import { call, type TestApp } from '../../../test/harness';

/** Turns the member's feed on (or gives it a new address) and answers it. */
export async function issueFeed(t: TestApp, token: string) {
  const res = await call(t.app, 'POST', '/api/app/calendar-feed', undefined, token);
  expect(res.statusCode).toBe(200);
  const feed = res.json() as CalendarFeedAnswer;
  expect(feed.enabled).toBe(true);
  return feed as CalendarFeedAnswer & { url: string; webcalUrl: string };
}

/** GET the feed at its https:// address, as a calendar app does (no session). */
export const readFeed = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: new URL(url).pathname, headers });
