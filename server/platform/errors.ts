import { errorText } from '../../common/errors';

/** Fields an error answer may carry beside `error` and `message` (`issues`, a `retryAfter`...). */
export type ErrorExtra = Record<string, unknown>;

/** The one shape of every refusal (common/errors.ts): a stable code and a human message. */
export type ErrorBody = { error: string; message: string } & ErrorExtra;

/** An expected failure with the status and answer body the client sees. */
export class HttpError extends Error {
  readonly body: ErrorBody;
  constructor(
    readonly statusCode: number,
    body: { error: string; message?: string } & ErrorExtra,
    readonly headers: Record<string, string> = {},
  ) {
    const message = body.message ?? errorText(body.error) ?? body.error;
    super(message);
    this.name = 'HttpError';
    this.body = { ...body, message };
  }
  get code(): string {
    return this.body.error;
  }
}

/**
 * A refusal: `code` is the stable snake_case code clients switch on; `message` defaults to the
 * code's catalogue text (common/<feature>/errors.ts). A message with specifics (an amount, a name)
 * is passed here and the code left out of the catalogue.
 */
export function fail(
  statusCode: number,
  code: string,
  message?: string | ErrorExtra,
  extra: ErrorExtra = {},
  headers: Record<string, string> = {},
): HttpError {
  // transitional (issue 16): `fail(status, code, { message, ...extra })`
  if (message !== undefined && typeof message === 'object') return fail(statusCode, code, undefined, message, headers);
  const text = (typeof extra.message === 'string' ? extra.message : undefined) ?? message ?? errorText(code) ?? code;
  return new HttpError(statusCode, { ...extra, error: code, message: text }, headers);
}

type Refusal = (code: string, message?: string | ErrorExtra, extra?: ErrorExtra) => HttpError;

export const badRequest: Refusal = (code, message, extra) => fail(400, code, message, extra);
export const unauthorized = (code = 'unauthorized', message?: string) => fail(401, code, message);
export const forbidden = (code = 'forbidden', message?: string) => fail(403, code, message);
export const notFound = (code = 'not_found', message?: string) => fail(404, code, message);
export const conflict: Refusal = (code, message, extra) => fail(409, code, message, extra);
export const tooManyRequests = (retryAfterSeconds: number) =>
  fail(
    429,
    'too_many_requests',
    `Too many attempts. Please wait ${humanWait(retryAfterSeconds)} and try again.`,
    { retryAfter: retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );

function humanWait(seconds: number) {
  if (seconds < 90) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/** PostgreSQL unique violation, with the constraint that fired. */
export function uniqueViolation(err: unknown): string | undefined {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const pgErr = e as { code?: string; constraint?: string; constraint_name?: string; message?: string };
  if (pgErr?.code !== '23505') return undefined;
  return pgErr.constraint ?? pgErr.constraint_name ?? pgErr.message ?? 'unique';
}
