import { ApiError, getToken, redirectToLogin } from '@web/api/client';

/** The header a paged list answers the following page's cursor in (absent at the end). */
const NEXT_CURSOR_HEADER = 'next-cursor';

/**
 * GET /api/{path} (POST with a payload) for one page of a list the server pages with the `next-cursor` header (the api
 * client answers the body only; same token, 401 and error rules). Answers the body and the cursor.
 */
export async function callPage(
  path: string,
  cursor?: string | null,
  payload?: unknown,
): Promise<{ body: unknown; next: string | null }> {
  const url = cursor ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : path;
  const res = await fetch(`/api/${url}`, {
    method: payload === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${getToken() ?? ''}`, 'Content-Type': 'application/json' },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  if (res.status === 401) {
    redirectToLogin();
    return { body: undefined, next: null };
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (res.status !== 200) throw new ApiError(res.status, res.statusText, body);
  return { body, next: res.headers.get(NEXT_CURSOR_HEADER) };
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
