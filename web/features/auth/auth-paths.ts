import { safeRedirectPath } from '@common/auth/redirect';

/** The `rd` redirect of the current page, when it is a same-site path. */
export const redirectParam = (params: URLSearchParams) => safeRedirectPath(params.get('rd'));

/** A path with query parameters, leaving out the empty ones: withQuery('/2fa', {u, rd}). */
export function withQuery(path: string, query: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** After signing in go to rd, else where the server says, else home. */
export const afterSignIn = (rd: string | undefined, serverUrl?: string) => rd ?? safeRedirectPath(serverUrl) ?? '/';
