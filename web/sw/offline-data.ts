/// <reference lib="webworker" />
/**
 * Today's practice offline: the API reads a signed-in page needs (offline-keys.ts isOfflineRead:
 * whoami with the streak, today's practices, the history, the shell's own calls) go to the
 * network first and fall back to the last answer kept, so a member who opens the app without a
 * connection sees today's practice as it was last known.
 * - The network has a few seconds: on a connection that hangs (a train's) the kept answer comes
 *   instead, and the network's answer, when it comes, is kept for next time.
 * - Answers are kept per member: the key carries a digest of the request's bearer token
 *   (offline-keys.ts dataCacheKey), so another member signed in on the same device, or a visitor,
 *   never gets them. Sign-out deletes the whole cache (web/api/member-data.ts); a 401 deletes that
 *   token's answers here too.
 * - A kept answer carries SAVED_AT_HEADER, the time it was kept; web/api/client.ts reads it, and
 *   the page says "Offline — showing what was saved at HH:MM".
 * Only 200 answers are kept; nothing but GETs of those paths is touched. A kept answer written for
 * another API contract (common/api-version.ts; the worker is built with the shell it serves) is
 * not served: the shell could misread it.
 */
import { API_CONTRACT_VERSION } from '../../common/api-version';
import { API_VERSION_HEADER } from '../../common/http-headers';
import type { WorkboxPlugin } from 'workbox-core';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { DATA_CACHE, SAVED_AT_HEADER, dataCacheKey, isOfflineRead, memberOf } from './offline-keys';

/** How long the network may take before the kept answer is shown instead. */
const NETWORK_TIMEOUT_SECONDS = 4;

/** The same answer with the time it was kept. */
function stamped(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, new Date().toISOString());
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Deletes every answer kept for this member (their token no longer signs them in). */
async function forgetMember(member: string) {
  const cache = await caches.open(DATA_CACHE);
  const marker = `offline-member=${member}`;
  const keys = await cache.keys();
  await Promise.all(keys.filter((key) => key.url.endsWith(marker)).map((key) => cache.delete(key)));
}

const perMember: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) =>
    dataCacheKey(request.url, await memberOf(request.headers.get('authorization'))),
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? stamped(response) : null),
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    const contract = cachedResponse?.headers.get(API_VERSION_HEADER);
    return contract && contract !== String(API_CONTRACT_VERSION) ? null : cachedResponse;
  },
  fetchDidSucceed: async ({ request, response }) => {
    if (response.status === 401) await forgetMember(await memberOf(request.headers.get('authorization')));
    return response;
  },
};

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isOfflineRead(url.pathname),
  new NetworkFirst({ cacheName: DATA_CACHE, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [perMember] }),
);
