import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from './errors';

/**
 * How deep a JSON body may nest. No API body needs more than a handful of levels; 64 leaves room
 * for any honest client and none for a body built to make parsing and validation expensive.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Counts bracket depth over the raw bytes as they arrive, outside strings, and fails the body as
 * soon as it passes the limit (unbounded, a 400 KB body nested 200k levels stalled the server for
 * seconds in JSON.parse, the walks over the result and the collector). One pass, no allocation;
 * the bytes go on unchanged to Fastify's own parser (secure-json-parse, with its prototype
 * poisoning checks). UTF-8 never uses bytes below 0x80 inside a multi-byte character, so a byte
 * scan cannot mistake part of a character for a bracket or a quote.
 */
export class JsonDepthGuard extends Transform {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly limit = MAX_JSON_DEPTH) {
    super();
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (!this.scan(bytes)) {
      done(fail(400, 'body_too_deep', `The request body nests deeper than ${this.limit} levels.`));
      return;
    }
    done(null, bytes);
  }

  /** false once the depth passes the limit */
  private scan(bytes: Buffer): boolean {
    let { depth, inString, escaped } = this;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
      } else if (byte === QUOTE) {
        inString = true;
      } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        if (++depth > this.limit) return false;
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
        depth--;
      }
    }
    Object.assign(this, { depth, inString, escaped });
    return true;
  }
}

/** A JSON media type: application/json, and any `+json` suffix a client might send. */
function isJson(req: FastifyRequest): boolean {
  const type = req.headers['content-type'];
  return typeof type === 'string' && type.toLowerCase().includes('json');
}

/**
 * Bounded parsing: a JSON body is refused with 400 `body_too_deep` while it
 * streams in, before anything parses it; its size is already capped by Fastify's bodyLimit (413
 * `payload_too_large`). A preParsing hook rather than a JSON parser of our own, so the routes that
 * read JSON as raw bytes (Stripe's webhooks) keep their parser and get the same guard.
 */
export function installJsonDepthLimit(app: FastifyInstance, limit = MAX_JSON_DEPTH) {
  app.addHook('preParsing', (req, _reply, payload, done) => {
    if (!isJson(req)) return done(null, payload);
    const guard = new JsonDepthGuard(limit);
    payload.on('error', (err) => guard.destroy(err));
    done(null, payload.pipe(guard));
  });
}
