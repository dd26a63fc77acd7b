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
}

/**
 * A refusal: `code` is the stable snake_case code clients switch on; `message` defaults to the
 * code's catalogue text (common/<feature>/errors.ts). A message with specifics (an amount, a name)
 * is passed here and the code left out of the catalogue.
 */
export function fail(
  statusCode: number,
  code: string,
  message?: string,
  extra: ErrorExtra = {},
  headers: Record<string, string> = {},
): HttpError {
  return new HttpError(statusCode, { ...extra, error: code, message }, headers);
}

/** A code, never a sentence: a literal with a space or a full stop does not compile. */
type Code<C extends string> = C extends `${string} ${string}` | `${string}.${string}` ? never : C;

export const badRequest = <C extends string>(code: Code<C>, message?: string, extra?: ErrorExtra) =>
  fail(400, code, message, extra);
export const unauthorized = <C extends string>(code?: Code<C>, message?: string) =>
  fail(401, code ?? 'unauthorized', message);
export const forbidden = <C extends string>(code?: Code<C>, message?: string) =>
  fail(403, code ?? 'forbidden', message);
export const notFound = <C extends string>(code?: Code<C>, message?: string) => fail(404, code ?? 'not_found', message);
export const conflict = <C extends string>(code: Code<C>, message?: string, extra?: ErrorExtra) =>
  fail(409, code, message, extra);
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
