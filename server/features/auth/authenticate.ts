import type { FastifyInstance } from 'fastify';
import { resolveSession } from './sessions';

/**
 * Resolves `Authorization: Bearer {token}` into `req.user` for every API request. A request
 * without a token goes on at once (no promise, no allocation); one with a token waits for the
 * one-statement session check (queries.ts).
 */
export function installAuthentication(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.addHook('onRequest', (req, _reply, done) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ') || !req.url.startsWith('/api/')) return done();
    const token = header.slice(7).trim();
    if (token.length < 20 || token.length > 200) return done();
    resolveSession(app.ctx.db, token, {
      maxDays: app.ctx.config.sessionMaxDays,
      userAgent: req.headers['user-agent'],
      pool: app.ctx.database.pool,
    }).then((session) => {
      if (session) {
        req.user = session.user;
        req.sessionTokenHash = session.tokenHash;
      }
      done();
    }, done);
  });
}
