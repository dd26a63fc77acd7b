/**
 * The names and keys offline practice stores under, shared by the service worker (offline-data.ts,
 * offline-media.ts) and the page (the "Save for offline" button, the saved items screen, sign-out).
 * Pure: no page or worker globals, so both sides and their tests import it.
 */

/** Cache Storage: the last answers of the calls today's practice and the shell make, per member. */
export const DATA_CACHE = 'tend-offline-data';
/** Cache Storage: the media files, captions and artwork a member saved for offline. */
export const MEDIA_CACHE = 'tend-offline-media';
/** Every cache that holds a member's data: all of them go on sign-out. */
export const MEMBER_CACHES = [DATA_CACHE, MEDIA_CACHE] as const;

/** On an answer the worker served from its cache: when that answer was saved (an ISO time). */
export const SAVED_AT_HEADER = 'x-tend-saved-at';

/** A stored upload's key as the server makes it (`<uuid>.<ext>`, server/features/uploads/media.ts). */
const FILE_KEY = /^[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

/**
 * The API reads a signed-in page needs to draw today's practice and the shell around it, kept for
 * offline: who is signed in (and the streak), today's practices, the practice history (the total
 * time, past practices), today's sessions, the courses, the site's brand, the payments mode, the
 * image host, and the header's counts.
 */
const OFFLINE_READS = [
  /^\/api\/auth\/whoami$/,
  /^\/api\/app\/content$/,
  /^\/api\/app\/content-history$/,
  /^\/api\/app\/user-sessions$/,
  /^\/api\/app\/full-courses$/,
  /^\/api\/app\/course\/[0-9a-f-]{36}$/,
  /^\/api\/site$/,
  /^\/api\/payments\/mode$/,
  /^\/api\/image-config$/,
  /^\/api\/app\/unread-messages$/,
  /^\/api\/app\/notifications$/,
];

/** Whether the worker keeps the last answer of a GET to this path for offline. */
export const isOfflineRead = (pathname: string) => OFFLINE_READS.some((read) => read.test(pathname));

/** Query parameters that do not change an answer: whoami's `tz` only sets the member's zone. */
const IGNORED_PARAMS = ['tz'];

/**
 * The cache key of a kept answer: the path and query it answers (its parameters sorted, `tz`
 * left out), and whose it is (`member`, a digest of the sign-in token), so one member's answers
 * are never another's. Relative to the site, so it names no host.
 */
export function dataCacheKey(url: string, member: string): string {
  const parsed = new URL(url, 'http://site.invalid');
  const kept: [string, string][] = [];
  parsed.searchParams.forEach((value, name) => {
    if (!IGNORED_PARAMS.includes(name)) kept.push([name, value]);
  });
  const params = new URLSearchParams(kept);
  params.sort();
  params.set('offline-member', member);
  return `${parsed.pathname}?${params}`;
}

/** Whose answer it is when no one is signed in. */
export const VISITOR = 'visitor';

/** The hex of a SHA-256 digest of the text (Web Crypto, in pages and workers alike). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whose answer a request asks for: a digest of its bearer token, or VISITOR without one. */
export async function memberOf(authorization: string | null): Promise<string> {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return token ? (await sha256Hex(token)).slice(0, 32) : VISITOR;
}

/**
 * The key a saved media file is stored under: its upload key alone. A file's URL changes with
 * every signature (Tend's `exp` and `sig`, or S3's `X-Amz-*` on a bucket's own host), and a saved
 * file must still be found when the next URL is handed out, so the key keeps none of it.
 */
export const mediaCacheKey = (fileKey: string) => `/offline-media/${fileKey}`;

/**
 * The upload key a media URL points at, whatever its signature: Tend's own
 * `/api/files/<key>?exp=…&sig=…` on this site, or an S3 URL (path or virtual-host style) whose path
 * ends in `media/<key>`. Undefined for any other URL.
 */
export function fileKeyOfUrl(url: URL, siteOrigin: string): string | undefined {
  const own = url.origin === siteOrigin && /^\/api\/files\/([^/]+)$/.exec(url.pathname)?.[1];
  const candidate = own || /\/media\/([^/]+)$/.exec(url.pathname)?.[1];
  if (!candidate) return undefined;
  const key = safeDecode(candidate);
  return key && FILE_KEY.test(key) ? key : undefined;
}

/** The key a signed-URL call asks about: `/api/app/get-signed-url/<key>`. */
export function fileKeyOfSignedUrlCall(pathname: string): string | undefined {
  const candidate = /^\/api\/app\/get-signed-url\/([^/]+)$/.exec(pathname)?.[1];
  const key = candidate && safeDecode(candidate);
  return key && FILE_KEY.test(key) ? key : undefined;
}

function safeDecode(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** The link the worker hands out for a saved file while the server cannot be reached; it serves it itself. */
export const savedFileUrl = (fileKey: string) => `/api/files/${encodeURIComponent(fileKey)}?saved=1`;
