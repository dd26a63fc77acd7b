import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WhoamiAnswer } from '@common/auth/schemas';
import { api, getToken } from '@web/api/client';

/** spec 01 §3: streak defaults to 1 when not logged in. */
export const SIGNED_OUT: WhoamiAnswer = { isLoggedIn: false, streak: 1 };

export const whoamiKey = ['whoami'] as const;

const SIGNED_IN_FRESH_MS = 60_000;

// The token the cached answer belongs to: a new sign-in (another token) makes the cache stale.
let answeredForToken: string | null = null;

/** GET auth/whoami with the browser's time zone (the server counts the streak in it). */
export async function getWhoami(): Promise<WhoamiAnswer> {
  const token = getToken();
  answeredForToken = token;
  if (!token) return SIGNED_OUT;
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    // the schema (and the full zod) loads beside the call: the signed-out pages never need it
    const [answer, { WhoamiAnswer }] = await Promise.all([
      api.call(`auth/whoami?tz=${encodeURIComponent(tz)}`),
      import('@common/auth/schemas'),
    ]);
    const parsed = WhoamiAnswer.safeParse(answer);
    return parsed.success ? parsed.data : SIGNED_OUT;
  } catch {
    // spec 01 §4: whoami failure means logged out.
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
