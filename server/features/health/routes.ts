import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorText } from '../../../common/errors';

/** The answers of the probes (not part of the member API: no common/ contract). */
const Alive = z.object({ status: z.literal('ok') });
const Ready = z.object({ status: z.literal('ready') });
const NotReady = z.object({ status: z.literal('unavailable'), error: z.string(), message: z.string() });

/** /healthz: the process answers. /readyz: the database answers too (503 in the one error protocol when not). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { response: { 200: Alive } } }, async () => ({ status: 'ok' as const }));
  app.get('/readyz', { schema: { response: { 200: Ready, 503: NotReady } } }, async (_req, reply) => {
    try {
      // a frozen database never answers: the probe says so within 2 s
      await Promise.race([
        app.ctx.database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('ping timed out')), 2_000).unref()),
      ]);
      return { status: 'ready' as const };
    } catch {
      return reply.status(503).send({
        status: 'unavailable',
        error: 'database_unavailable',
        message: errorText('database_unavailable') ?? 'The database does not answer',
      });
    }
  });
};
