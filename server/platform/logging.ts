import pino from 'pino';
import pinoPretty from 'pino-pretty';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** Query parameters that carry a credential: reset and confirm links, signed URLs, codes. */
const SECRET_PARAMS = new Set(['token', 'code', 'sig', 'signature', 'secret', 'password', 'key', 'session']);

/** The URL with every credential in its query string replaced, so a log never holds one. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeSafely(eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
      return eq >= 0 && SECRET_PARAMS.has(name) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

function decodeSafely(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** How long a JSON log line may wait in its batch before it is written. */
export const LOG_FLUSH_MS = 1000;

/**
 * Where JSON log lines go, a file descriptor (1: standard output) or a path, written in batches of
 * 4 KB rather than one write call a line (otherwise the request log costs a system call per
 * request). pino's own asynchronous destination (sonic-boom): a batch is written when it fills,
 * within LOG_FLUSH_MS otherwise (sonic-boom's own timer), and when the process exits (pino
 * registers that; server/main.ts also waits for the last batch before it exits), so lines are
 * lost only if the process is killed outright.
 */
export function batchedLogDestination(dest: number | string, flushMs = LOG_FLUSH_MS) {
  return pino.destination({ dest, minLength: 4096, sync: false, periodicFlush: flushMs });
}

/** Standard output's batched destination, one per process: every app instance in it writes there. */
let standardOutput: ReturnType<typeof batchedLogDestination> | undefined;
const batchedStandardOutput = () => (standardOutput ??= batchedLogDestination(1));

/**
 * The server's logger: readable lines on a terminal (pino-pretty), one JSON object a line
 * otherwise or with LOG_FORMAT=json (for a log collector; batched on standard output, above).
 * Headers with credentials and the query strings above are redacted in both.
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  stream: NodeJS.WritableStream | pino.DestinationStream = process.stdout,
): FastifyBaseLogger {
  const pretty = (config.logFormat ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'pretty';
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-metrics-token"]'],
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), reqId: req.id }),
      err: serializeError,
    },
  };
  if (!pretty) return pino(options, stream === process.stdout ? batchedStandardOutput() : stream);
  return pino(
    options,
    pinoPretty({
      destination: stream,
      colorize: stream === process.stdout && process.stdout.isTTY,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId,req,res,request,responseTime,method,url,statusCode,ms,startup',
      sync: true,
    }),
  );
}

/**
 * A failed query's error (Drizzle's) carries the bound values in `params` and in its message:
 * a password hash, a token, a message's text. The SQL stays; the values go.
 */
export function serializeError(err: Error) {
  const out = pino.stdSerializers.err(err) as ReturnType<typeof pino.stdSerializers.err> & { params?: unknown };
  const scrub = (text?: string) => text?.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
  if ('params' in out) out.params = '[redacted]';
  out.message = scrub(out.message) ?? out.message;
  out.stack = scrub(out.stack) ?? out.stack;
  return out;
}

/** One line per request (Fastify's default is two): method, redacted URL, status, time. */
export function installRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', (req, reply, done) => {
    const url = redactUrl(req.url);
    const ms = Math.round(reply.elapsedTime);
    // health checks and scrapes every few seconds would drown everything else
    const routine = url === '/healthz' || url === '/readyz' || url === '/metrics';
    const level = reply.statusCode >= 500 ? 'error' : routine ? 'debug' : 'info';
    req.log[level](
      { method: req.method, url, statusCode: reply.statusCode, ms },
      `${req.method} ${url} ${reply.statusCode} ${ms} ms`,
    );
    done();
  });
}
