/** An expected failure with the status and answer body the client sees. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : String(body.error ?? statusCode));
    this.name = 'HttpError';
  }
}

export const badRequest = (error: string, extra: Record<string, unknown> = {}) =>
  new HttpError(400, { error, ...extra });
export const unauthorized = (error = 'You need to sign in') => new HttpError(401, { error });
export const forbidden = (error = 'You are not allowed to do this') => new HttpError(403, { error });
export const notFound = (error = 'Not found') => new HttpError(404, { error });
export const conflict = (error: string, extra: Record<string, unknown> = {}) => new HttpError(409, { error, ...extra });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    { error: `Too many attempts. Please wait ${humanWait(retryAfterSeconds)} and try again.` },
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
