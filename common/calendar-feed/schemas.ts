import { z } from 'zod';

// A member's private calendar feed: the calls of Settings → Calendar feed, the public feed's
// address, and the links that add it to a calendar app.

/** The feed lists sessions from this many days ago (a cancellation stays listed as long)… */
export const FEED_PAST_DAYS = 30;
/** …to this many days ahead. */
export const FEED_FUTURE_DAYS = 365;
/** The most events one feed answers, nearest first (a year of a busy calendar fits). */
export const FEED_MAX_EVENTS = 2000;
/** How often a subscribed calendar is asked to look again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH = 'PT1H';

/**
 * GET, POST and DELETE app/calendar-feed: my feed's address (null while it is off). `url` is the
 * https:// form, `webcalUrl` the same address for calendar apps; `createdAt` when this address
 * was made.
 */
export const CalendarFeedAnswer = z.object({
  enabled: z.boolean(),
  url: z.string().nullable(),
  webcalUrl: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type CalendarFeedAnswer = z.infer<typeof CalendarFeedAnswer>;

/** GET /calendar/{file}: `<token>.ics`; anything else is an unknown feed (404). */
export const CalendarFeedParams = z.object({ file: z.string().max(200) });

/** The token of a feed address file name: 32 random bytes, base64url, then `.ics`. */
export function feedTokenOf(file: string): string | null {
  const match = /^([A-Za-z0-9_-]{43})\.ics$/.exec(file);
  return match ? match[1]! : null;
}

/** The feed's address in its two forms, from the site's public origin and the token. */
export function feedUrls(publicUrl: string, token: string) {
  const url = `${publicUrl.replace(/\/+$/, '')}/calendar/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

/** Where each calendar app subscribes to an address (Apple's is the webcal:// address itself). */
export function subscribeLinks(feed: { url: string; webcalUrl: string }) {
  return {
    apple: feed.webcalUrl,
    google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(feed.webcalUrl)}`,
    outlook: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(feed.url)}`,
  };
}
