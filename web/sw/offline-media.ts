/// <reference lib="webworker" />
/**
 * Saved media, played from the device: the page stores a file the member saved for offline in
 * MEDIA_CACHE under its upload key alone (offline-keys.ts mediaCacheKey; the page's "Save for
 * offline", web/features/practice/offline/saved-media.ts). This worker
 * - answers any request for that file from the cache, online or offline, whatever URL signed it
 *   (Tend's `/api/files/<key>?exp&sig` or an S3 presigned URL): a Range request gets its 206
 *   slice (workbox-range-requests), so the player seeks in a saved file as in a streamed one;
 * - answers the player's signed-URL call for a saved file when the server cannot be reached, with
 *   a link it serves itself (savedFileUrl), so the player starts without a connection; online the
 *   server still answers it (and refuses it once the member's access has ended);
 * - answers a saved item's artwork (a same-site image URL the page stored as it is).
 * Files that were not saved go to the network untouched.
 */
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { MEDIA_CACHE, fileKeyOfSignedUrlCall, fileKeyOfUrl, mediaCacheKey, savedFileUrl } from './offline-keys';

declare const self: ServiceWorkerGlobalScope;

/** How long the server may take to hand out a signed URL before the saved copy's link is used. */
const SIGNED_URL_TIMEOUT_MS = 4000;

const savedCopy = async (key: string) => (await caches.open(MEDIA_CACHE)).match(key);

/** The saved file, whole or the range asked for; the network when it was not saved. */
registerRoute(
  ({ url, request }) => request.method === 'GET' && fileKeyOfUrl(url, self.location.origin) !== undefined,
  async ({ url, request }) => {
    const saved = await savedCopy(mediaCacheKey(fileKeyOfUrl(url, self.location.origin)!));
    if (!saved) return fetch(request);
    return request.headers.has('range') ? createPartialResponse(request, saved) : saved;
  },
);

/** The network's answer, or undefined when it fails or takes longer than `ms`. */
async function networkWithin(request: Request, ms: number): Promise<Response | undefined> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    return await fetch(request, { signal: controller.signal });
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** GET app/get-signed-url/<key> of a saved file: the server's answer, or the saved copy's link without one. */
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && fileKeyOfSignedUrlCall(url.pathname) !== undefined,
  async ({ url, request }) => {
    const key = fileKeyOfSignedUrlCall(url.pathname)!;
    const saved = await savedCopy(mediaCacheKey(key));
    if (!saved) return fetch(request);
    const answer = await networkWithin(request, SIGNED_URL_TIMEOUT_MS);
    if (answer && answer.status < 500) return answer;
    const contentType = saved.headers.get('content-type') ?? 'application/octet-stream';
    return Response.json({ signedUrl: savedFileUrl(key), contentType });
  },
);

/** A saved item's artwork: same-site images the page stored under their own URL. */
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith('/images/'),
  async ({ request }) => (await savedCopy(request.url)) ?? fetch(request),
);
