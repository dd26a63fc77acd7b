import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { errorText } from '../../common/errors';
import { HttpError } from './errors';

const INTERNAL_ERROR = { error: 'internal_error', message: 'Something went wrong' };
/** Fastify's own 4xx refusals (a body too large, a content type it cannot parse...) by status. */
const CLIENT_ERROR_CODES: Record<number, string> = {
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};
import { wantsSpa } from './web';

/**
 * One error handler for the whole API: zod failures -> 400 {error, issues}; expected failures
 * (HttpError) with their own status; malformed bodies and other client errors -> 4xx JSON;
 * only real faults become 500, logged, with no internals in the answer.
 */
export function installErrorHandling(app: FastifyInstance, opts: { spaFallback: () => boolean }) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).headers(err.headers).send(err.body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message,
      }));
      const first = issues[0];
      return reply.status(400).send({
        error: 'invalid_input',
        message: first ? `${first.path}: ${first.message}` : 'Invalid input',
        issues,
      });
    }
    if (err instanceof ZodError) {
      // a body checked inside a handler (one call with two shapes, like POST app/tier)
      const issues = err.issues.map((i) => ({ path: ['body', ...i.path].join('.'), message: i.message }));
      return reply
        .status(400)
        .send({ error: 'invalid_input', message: `${issues[0]?.path}: ${issues[0]?.message}`, issues });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send(INTERNAL_ERROR);
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: 'database_unavailable', message: errorText('database_unavailable') });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const invalidJson = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError;
      const code = invalidJson ? 'invalid_json' : (CLIENT_ERROR_CODES[status] ?? 'bad_request');
      return reply.status(status).send({ error: code, message: errorText(code) ?? err.message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(INTERNAL_ERROR);
  });

  app.setNotFoundHandler((req, reply) => {
    if (opts.spaFallback() && wantsSpa(req.method, req.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: 'no_route', message: `No route for ${req.method} ${req.url.split('?')[0]}` });
  });
}

const NUL_MESSAGE = 'Text cannot contain the character U+0000.';
const ILL_FORMED_MESSAGE = 'Text contains a broken character (an unpaired UTF-16 surrogate).';
/** In 'u' mode a surrogate pair is one code point, so this matches only an unpaired half. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * One rule for every string the API accepts: PostgreSQL text cannot hold U+0000, and
 * an unpaired UTF-16 surrogate ('\ud800') cannot be encoded as UTF-8 (jsonb refuses it), so a
 * parsed body, query string or path with either would fail in the database (a 500) after the
 * route had started its work. This preValidation hook, on every API route, answers 400 before
 * any of it runs. The walk is iterative, so a deeply nested body cannot overflow the stack.
 */
export function rejectUnstorableText(req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  const body = req.body;
  // a read has no body, and its path and query hold a few short strings: no promise, no walk
  done(
    unstorableTextIn(req.params) ??
      unstorableTextIn(req.query) ??
      (body === undefined || body === null || Buffer.isBuffer(body) ? undefined : unstorableTextIn(body)),
  );
}

function unstorableTextIn(root: unknown): HttpError | undefined {
  if (root === undefined || root === null) return undefined;
  const pending: unknown[] = [root];
  while (pending.length) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return new HttpError(400, { error: 'invalid_text', message: NUL_MESSAGE });
      if (LONE_SURROGATE.test(value)) return new HttpError(400, { error: 'invalid_text', message: ILL_FORMED_MESSAGE });
    } else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) pending.push(key, (value as Record<string, unknown>)[key]);
    }
  }
  return undefined;
}

/** Node's network failures and PostgreSQL's 'cannot serve you now' states (class 08, 57P0x, a cancelled statement). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EPIPE',
  '57014',
  '57P01',
  '57P02',
  '57P03',
]);
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Connection terminated',
  'Client has encountered a connection error',
];

/**
 * Whether a failure means the database cannot answer now (stopped, frozen, restarting, over its
 * time limits) rather than a fault of ours: the client gets 503 with Retry-After.
 * Drizzle wraps the driver's error, so the whole `cause` chain is looked at.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}
