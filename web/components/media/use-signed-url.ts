import { queryOptions, useQuery } from '@tanstack/react-query';
import { SignedUrlAnswer } from '@common/uploads/schemas';
import { api } from '@web/api/client';

export type SignedUrl = { signedUrl: string; contentType: string };

/** Refresh this long before a signed URL expires, so a click never meets an expired link. */
const EXPIRY_MARGIN_MS = 60_000;
/** When the URL does not say when it expires, assume a short life. */
const DEFAULT_FRESH_MS = 4 * 60_000;
const MIN_FRESH_MS = 10_000;

export const signedUrlKey = (fileKey: string) => ['signed-url', fileKey] as const;

/** GET app/get-signed-url/{fileKey}: a short-lived, same-origin URL for the file. */
export async function getSignedUrl(fileKey: string): Promise<SignedUrl> {
  return SignedUrlAnswer.parse(await api.call(`app/get-signed-url/${encodeURIComponent(fileKey)}`));
}

/**
 * When a signed URL stops working, read from the URL itself: an `expires`/`exp` unix time
 * (Tend's own signer) or S3's `X-Amz-Date` + `X-Amz-Expires`. Undefined when it does not say.
 */
export function signedUrlExpiry(signedUrl: string): number | undefined {
  let params: URLSearchParams;
  try {
    params = new URL(signedUrl, 'http://localhost').searchParams;
  } catch {
    return undefined;
  }
  const unix = params.get('expires') ?? params.get('Expires') ?? params.get('exp');
  if (unix && /^\d+$/.test(unix)) {
    const n = Number(unix);
    return n < 1e12 ? n * 1000 : n; // seconds or milliseconds
  }
  const amzDate = params.get('X-Amz-Date');
  const amzExpires = params.get('X-Amz-Expires');
  const m = amzDate?.match(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/);
  if (m && amzExpires && /^\d+$/.test(amzExpires)) {
    const signedAt = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
    return signedAt + Number(amzExpires) * 1000;
  }
  return undefined;
}

/** How long an answer may be reused before it is fetched again. */
export function freshFor(answer: SignedUrl | undefined, now = Date.now()): number {
  if (!answer) return 0;
  const expiry = signedUrlExpiry(answer.signedUrl);
  if (expiry === undefined) return DEFAULT_FRESH_MS;
  return Math.max(MIN_FRESH_MS, expiry - now - EXPIRY_MARGIN_MS);
}

export const signedUrlQueryOptions = (fileKey: string) =>
  queryOptions({
    queryKey: signedUrlKey(fileKey),
    queryFn: () => getSignedUrl(fileKey),
    staleTime: (query) => freshFor(query.state.data),
    // Keeps links fresh on a page left open; players pin the URL they started with.
    refetchInterval: (query) => freshFor(query.state.data) || false,
  });

export const useSignedUrl = (fileKey: string) => useQuery(signedUrlQueryOptions(fileKey));
