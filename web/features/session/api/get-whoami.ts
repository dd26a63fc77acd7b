import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WhoamiAnswer } from '@common/auth/schemas';
import { api, getToken } from '@web/api/client';
import { failedOffline } from '@web/components/use-online';
import { viewerZone } from '@web/components/viewer-zone';

/** Streak defaults to 1 when not logged in. */
export const SIGNED_OUT: WhoamiAnswer = { isLoggedIn: false, streak: 1 };

export const whoamiKey = ['whoami'] as const;

const SIGNED_IN_FRESH_MS = 60_000;

// The token the cached answer belongs to: a new sign-in (another token) makes the cache stale.
let answeredForToken: string | null = null;

/**
 * The zone whoami was last sent with, its offset from UTC then, and when its name was last read
 * from the browser (not a secret: the server has the zone too). web/boot.ts reads and keeps it the
 * same way before the app runs, so on a signed-in page this module rarely reads Intl itself.
 */
export const ZONE_KEY = 'timeZone';

/** How long a zone's name is trusted while the offset stays the same. */
export const ZONE_NAME_CHECK_MS = 24 * 60 * 60 * 1000;

type SentZone = { zone: string; offset: number; checkedAt: number };

/**
 * The zone sent last time, if the browser is still at the offset it had then (a Date's offset
 * costs a fraction of a millisecond, Intl's first call 40-100): at the same offset the local day
 * is the same, so whoami, which counts the visit towards the streak on that day, counts the right
 * one.
 */
function rememberedZone(): { zone: string; checked: boolean } | null {
  try {
    const sent = JSON.parse(localStorage.getItem(ZONE_KEY) ?? 'null') as Partial<SentZone> | null;
    if (typeof sent?.zone !== 'string' || sent.offset !== new Date().getTimezoneOffset()) return null;
    const since = Date.now() - (typeof sent.checkedAt === 'number' ? sent.checkedAt : 0);
    return { zone: sent.zone, checked: since >= 0 && since < ZONE_NAME_CHECK_MS };
  } catch {
    return null;
  }
}

function remember(zone: string) {
  try {
    const sent: SentZone = { zone, offset: new Date().getTimezoneOffset(), checkedAt: Date.now() };
    localStorage.setItem(ZONE_KEY, JSON.stringify(sent));
  } catch {
    // storage refused (a private window): the zone is read before each call instead
  }
  return zone;
}

/**
 * GET auth/whoami with the browser's time zone (the server counts the streak in it and keeps it
 * for the member's emails). A page's first Intl call costs 40-100 ms of CPU in Chromium (ICU's
 * data), and whoami is what the first paint waits for: while the browser is at the
 * offset it had last time, the call goes out with the zone it was sent with then. Its name is
 * read again at most once a day (a new name at the same offset changes no day), in a task of its
 * own while the call is under way; if it has changed, a signed-in visitor's whoami is asked again,
 * after the first answer, with the new one. At another offset (a trip) it is read first.
 */
export async function getWhoami(): Promise<WhoamiAnswer> {
  const token = getToken();
  answeredForToken = token;
  if (!token) return SIGNED_OUT;
  const sent = rememberedZone();
  if (!sent) return askWhoami(remember(viewerZone()));
  const answer = askWhoami(sent.zone);
  if (sent.checked) return answer;
  const zone = await new Promise<string>((resolve) => setTimeout(() => resolve(remember(viewerZone()))));
  if (zone === sent.zone || !(await answer).isLoggedIn) return answer;
  return askWhoami(zone);
}

async function askWhoami(tz: string): Promise<WhoamiAnswer> {
  try {
    // the schema (and the full zod) loads beside the call: the signed-out pages never need it
    const [answer, { WhoamiAnswer }] = await Promise.all([
      api.call(`auth/whoami?tz=${encodeURIComponent(tz)}`),
      import('@common/auth/schemas'),
    ]);
    const parsed = WhoamiAnswer.safeParse(answer);
    return parsed.success ? parsed.data : SIGNED_OUT;
  } catch (err) {
    // offline, with no answer kept by the service worker: not known, so the page says it is offline
    if (failedOffline(err)) throw err;
    // any other whoami failure means logged out.
    return SIGNED_OUT;
  }
}

export const whoamiQueryOptions = () =>
  queryOptions({
    queryKey: whoamiKey,
    queryFn: getWhoami,
    // A signed-out answer is never trusted from cache: the user may have just signed in.
    staleTime: (query) => (query.state.data?.isLoggedIn && answeredForToken === getToken() ? SIGNED_IN_FRESH_MS : 0),
  });

export const useWhoami = () => useQuery(whoamiQueryOptions());
