import type { FastifyPluginAsync } from 'fastify';

/** /healthz: the process answers. /readyz: the database answers too. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    try {
      await app.ctx.database.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', error: 'The database does not answer' });
    }
  });
};
