import type { FastifyInstance } from 'fastify';
import { resolveSession } from './sessions';

/** Resolves `Authorization: Bearer {token}` into `req.user` for every API request. */
export function installAuthentication(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const token = header.slice(7).trim();
    if (token.length < 20 || token.length > 200) return;
    const session = await resolveSession(app.ctx.db, token, {
      maxDays: app.ctx.config.sessionMaxDays,
      userAgent: req.headers['user-agent'],
    });
    if (session) {
      req.user = session.user;
      req.sessionTokenHash = session.tokenHash;
    }
  });
}
