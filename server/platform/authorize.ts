import { forbidden, type HttpError, notFound, unauthorized } from './errors';

/**
 * The one way a route applies a policy decision: `authorize(canEditPost(user, post))`.
 * A refusal is 403 by default; pass `notFound(...)` where the caller may not know the thing exists
 * (404 when missing or not visible, 403 when visible but not allowed).
 */
export function authorize(allowed: boolean, refusal: () => HttpError = () => forbidden()): asserts allowed {
  if (!allowed) throw refusal();
}

/** Refusals to pass to authorize. */
export const hidden =
  (code = 'not_found', message?: string) =>
  () =>
    notFound(code, message);
export const signInFirst = () => unauthorized();
