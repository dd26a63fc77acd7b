import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** What the probe's answer carries that is not a security header. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Helmet's headers on every answer. @fastify/helmet builds helmet's middleware again on each
 * request (the CSP directives parsed and checked each time: 2% of the feed's CPU); the
 * options here are static, so its headers are computed once, by @fastify/helmet itself on a probe
 * instance, and set as they are.
 */
export async function installSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions) {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (!NOT_HELMET.has(name) && value !== undefined) headers[name] = typeof value === 'number' ? `${value}` : value;
  }
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  return headers;
}
