import type { FastifyInstance } from 'fastify';
import type { Limit } from './rate-limit';

const TEN_MINUTES = 10 * 60;

/**
 * Rate limits on every write, per account, in the shared store (so every
 * instance counts together; `rate_limits` rows expire through the cleanup job). What creates
 * something other people see or that costs storage has a tighter limit than any other write.
 */
export const WRITE_LIMITS = {
  /** posts, comments, messages, new chats, join requests, uploads */
  create: { max: 60, windowSeconds: TEN_MINUTES },
  /** every other change (saves, hearts, progress, deletes): about one a second on average */
  any: { max: 600, windowSeconds: TEN_MINUTES },
} satisfies Record<string, Limit>;

/** Routes (as registered) counted against the `create` limit. */
const CREATES = new Set([
  '/api/app/post',
  '/api/app/create-comment/:id',
  '/api/app/message',
  '/api/app/room',
  '/api/app/join-group/:id',
  '/api/app/group',
  '/api/app/upload',
  '/api/images/upload',
]);

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Counts each signed-in write before its handler runs; past the limit it answers 429 with Retry-After. */
export function installWriteLimits(app: FastifyInstance) {
  // reads go on at once, without a promise
  app.addHook('preHandler', (req, _reply, done) => {
    if (!req.user || !WRITES.has(req.method) || !req.url.startsWith('/api/')) return done();
    const route = req.routeOptions.url ?? '';
    const bucket = CREATES.has(route) ? 'create' : 'any';
    app.ctx.limiter.hit(`write:${bucket}:${req.user.id}`, WRITE_LIMITS[bucket]).then(() => done(), done);
  });
}
