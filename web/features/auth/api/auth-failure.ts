import { ApiError } from '@web/api/client';
import { serverMessageOf } from '@web/components/form/error-text';

/**
 * The error a failed auth call shows: the server's message (the catalogue text of its code, or
 * the refusal's specifics: registration's duplicates, rate limits, validation), else the
 * page's fallback. Network failures pass through so the form can say the server was unreachable.
 */
export function authFailure(error: unknown, fallback: string): Error {
  if (!(error instanceof ApiError)) return error instanceof Error ? error : new Error(fallback);
  return new Error(serverMessageOf(error) ?? fallback);
}
