/**
 * The one fetch wrapper; every API call keeps to these conventions (uploads too, in upload.ts):
 * - every call goes to /api/{path} with `Authorization: Bearer {token}` (localStorage key `token`)
 *   and `Content-Type: application/json`; GET without payload, POST with a JSON body (PUT when a
 *   call replaces a record, `CallOptions.method`);
 * - 401 -> forget what the member kept on this device (member-data.ts), redirect to /login and
 *   return nothing;
 * - any other non-200 -> throw the status text (a warning is logged);
 * - 200 -> the parsed JSON, or nothing when the body is empty or not JSON;
 * - delete calls send DELETE and return whether the response was ok;
 * - every answer's API contract version and web build are checked (web/app/app-update.ts): an
 *   app the server has moved past updates itself;
 * - a write a user may retry sends an `Idempotency-Key` (`CallOptions`), and while the server still
 *   runs the first request with that key (409 request_in_progress) the call waits and asks again;
 * - an answer the service worker served from its kept copy is noted with its time (saved-answers.ts).
 */
import { IDEMPOTENCY_KEY_HEADER, NEXT_CURSOR_HEADER } from '@common/http-headers';
import { noteServerVersions } from '@web/app/app-update';
import { takeEarlyAnswer } from './early-answers';
import { isKeptCopy, noteAnswer } from './saved-answers';

export const TOKEN_KEY = 'token';

export const getToken = () => localStorage.getItem(TOKEN_KEY);
export const setToken = (token: string) => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = () => localStorage.removeItem(TOKEN_KEY);

/** Thrown for a non-200 answer: `message` is the status text; `body` keeps the parsed answer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    statusText: string,
    readonly body: unknown,
  ) {
    super(statusText || `HTTP ${status}`);
    this.name = 'ApiError';
  }
  /** The server's `error` field, when the answer carried one. */
  get code(): string | undefined {
    const b = this.body as { error?: unknown } | null;
    return b && typeof b.error === 'string' ? b.error : undefined;
  }
  /** A human message from the server (`message`), when given. */
  get serverMessage(): string | undefined {
    const b = this.body as { message?: unknown } | null;
    return b && typeof b.message === 'string' ? b.message : undefined;
  }
}

/** Where an API path goes: /api/{path}. */
export const apiUrl = (path: string) => `/api/${path.replace(/^\/+/, '')}`;

function headers(json: boolean, idempotencyKey?: string): HeadersInit {
  const h: Record<string, string> = { Authorization: `Bearer ${getToken() ?? ''}` };
  if (json) h['Content-Type'] = 'application/json';
  if (idempotencyKey) h[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
  return h;
}

export type CallOptions = {
  /**
   * One key per user intent (`useIntentKey`, web/api/idempotency-key.ts): a retry of the same
   * submission sends the same key, and the server answers its first result again instead of
   * writing twice (server/platform/idempotency.ts).
   */
  idempotencyKey?: string;
  /** PUT for a call that replaces a record (a playback position); POST otherwise. */
  method?: 'POST' | 'PUT';
};

/** How often a call asks again while the server still runs the first request with its key. */
export const IN_PROGRESS_RETRIES = 5;

function stillInProgress(res: Response, body: unknown, options: CallOptions) {
  return (
    options.idempotencyKey !== undefined &&
    res.status === 409 &&
    (body as { error?: unknown } | undefined)?.error === 'request_in_progress'
  );
}

/** Retry-After in milliseconds, between 0.2 and 5 seconds (1 s when absent). */
function retryDelay(res: Response) {
  const seconds = Number(res.headers.get('retry-after') ?? 1);
  return Math.min(5, Math.max(0.2, Number.isFinite(seconds) ? seconds : 1)) * 1000;
}

/**
 * A 401 ends the member's session on this device: what they kept for offline goes before the
 * page leaves (a visitor without a token kept nothing). The module loads only then.
 */
export async function signedOut() {
  if (getToken())
    await import('./member-data').then(({ forgetMemberData }) => forgetMemberData()).catch(() => undefined);
  redirectToLogin();
}

/**
 * The server's versions on an answer it sent now; a copy the service worker kept (saved-answers.ts)
 * carries the versions of when it was kept, which say nothing about the server now.
 */
function noteVersions(res: Response) {
  if (!isKeptCopy(res)) noteServerVersions(res.headers);
}

/** Where a 401 sends the user; kept as a function so tests can observe it. */
export function redirectToLogin() {
  if (window.location.pathname === '/login') return;
  const here = window.location.pathname + window.location.search;
  window.location.assign(`/login?rd=${encodeURIComponent(here)}`);
}

/** An answer's text as JSON; undefined when it is empty or not JSON. */
export function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const parseBody = async (res: Response): Promise<unknown> => parseJson(await res.text());

async function request(
  path: string,
  payload?: unknown,
  options: CallOptions = {},
): Promise<{ body: unknown; res: Response } | undefined> {
  const hasPayload = payload !== undefined;
  for (let attempt = 0; ; attempt++) {
    // the member's home: the answer boot.ts asked for before the app ran, when it has one
    const early = attempt === 0 && !hasPayload ? takeEarlyAnswer(apiUrl(path), getToken()) : undefined;
    const res =
      (early && (await early)) ??
      (await fetch(apiUrl(path), {
        method: hasPayload ? (options.method ?? 'POST') : 'GET',
        headers: headers(true, options.idempotencyKey),
        body: hasPayload ? JSON.stringify(payload) : undefined,
      }));
    noteVersions(res);
    if (res.status === 401) {
      await signedOut();
      return undefined;
    }
    noteAnswer(path, res);
    const body = await parseBody(res);
    if (attempt < IN_PROGRESS_RETRIES && stillInProgress(res, body, options)) {
      await new Promise((resolve) => setTimeout(resolve, retryDelay(res)));
      continue;
    }
    return answered(path, res, body);
  }
}

function answered(path: string, res: Response, body: unknown) {
  if (res.status !== 200) {
    console.warn(`API ${path} answered ${res.status} ${res.statusText}`);
    throw new ApiError(res.status, res.statusText, body);
  }
  return { body, res };
}

export async function call<T = unknown>(
  path: string,
  payload?: unknown,
  options?: CallOptions,
): Promise<T | undefined> {
  return (await request(path, payload, options))?.body as T | undefined;
}

/**
 * One page of a list the server pages (ARCHITECTURE.md 'Paging'): GET /api/{path}, or POST with a
 * payload, with `cursor` added to the query; answers the body and the `next-cursor` header (null at
 * the end, or after a 401, which redirects like `call`).
 */
export async function callPage(
  path: string,
  cursor?: string | null,
  payload?: unknown,
): Promise<{ body: unknown; next: string | null }> {
  const url = cursor ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : path;
  const answer = await request(url, payload);
  return { body: answer?.body, next: answer?.res.headers.get(NEXT_CURSOR_HEADER) ?? null };
}

/** Every page of such a list, in order (a list the screen needs whole, such as a calendar week). */
export async function callAllPages<T>(path: string, parse: (body: unknown) => T[]): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | null = null;
  do {
    const page = await callPage(path, cursor);
    all.push(...parse(page.body ?? []));
    cursor = page.next;
  } while (cursor);
  return all;
}

/** DELETE /api/{path} with the token; a 401 redirects to /login and answers nothing. */
async function sendDelete(path: string): Promise<Response | undefined> {
  const res = await fetch(apiUrl(path), { method: 'DELETE', headers: headers(false) });
  noteVersions(res);
  if (res.status === 401) {
    await signedOut();
    return undefined;
  }
  return res;
}

export async function remove(path: string): Promise<boolean> {
  return (await sendDelete(path))?.ok ?? false;
}

/**
 * DELETE that explains a refusal: 401 -> redirect to /login (like `remove`); any other non-2xx
 * throws an ApiError carrying the parsed body, so a dialog can show the server's `message`
 * ("This facilitator still has paying subscribers…").
 */
export async function removeOrThrow(path: string): Promise<void> {
  const res = await sendDelete(path);
  if (res && !res.ok) {
    const body = await parseBody(res);
    console.warn(`API DELETE ${path} answered ${res.status} ${res.statusText}`);
    throw new ApiError(res.status, res.statusText, body);
  }
}

/** The name a Content-Disposition header gives a file, if any. */
function fileNameOf(disposition: string | null): string | undefined {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/**
 * GET /api/{path} as a file (a CSV or JSON export): its bytes and the name the server gives it.
 * The token lives in localStorage, so a plain link could not carry it. 401 redirects like `call`;
 * any other non-200 throws an ApiError with the parsed answer.
 */
export async function getFile(path: string): Promise<{ blob: Blob; fileName?: string } | undefined> {
  const res = await fetch(apiUrl(path), { headers: headers(false) });
  if (res.status === 401) {
    await signedOut();
    return undefined;
  }
  if (res.status !== 200) answered(path, res, await parseBody(res));
  return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('content-disposition')) };
}

/**
 * A POST (or PUT) that outlives the page, for a report sent while the page is hidden or unloaded: a
 * keepalive fetch, which unlike sendBeacon can carry the bearer token. Nobody is left to read the
 * answer, so none is awaited.
 */
export function sendOnExit(path: string, payload: unknown, method: 'POST' | 'PUT' = 'POST'): void {
  void fetch(apiUrl(path), {
    method,
    keepalive: true,
    headers: headers(true),
    body: JSON.stringify(payload),
  }).catch(() => undefined);
}

export const api = { call, callPage, callAllPages, remove, removeOrThrow };
