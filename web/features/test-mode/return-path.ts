import { safeRedirectPath } from '@common/auth/schemas';

/**
 * Where a hosted test-mode page may send the user back to (redirects only to the
 * same site): a same-site path, or an absolute URL on this app's origin (the server builds those
 * from PUBLIC_URL) reduced to its path. Anything else gives undefined, and the page uses its default.
 */
export function sameSiteReturnPath(
  value: string | null | undefined,
  origin = window.location.origin,
): string | undefined {
  if (!value) return undefined;
  if (value.startsWith('/')) return safeRedirectPath(value);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  return safeRedirectPath(url.pathname + url.search + url.hash);
}
