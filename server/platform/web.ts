import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export const webDist = fileURLToPath(new URL('../../dist/web', import.meta.url));

/**
 * Serves the built SPA: hashed assets cached for a year (immutable), index.html never cached,
 * and every other GET that is not an API call answered with index.html (history fallback).
 */
export async function serveWeb(app: FastifyInstance) {
  if (!existsSync(`${webDist}/index.html`)) {
    app.log.warn(`No web build in ${webDist}: run "npm run build" to serve the app`);
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      if (path.includes('/assets/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'no-cache');
    },
  });
  return true;
}

export const wantsSpa = (method: string, url: string) =>
  (method === 'GET' || method === 'HEAD') && !url.startsWith('/api/') && !url.startsWith('/api?') && url !== '/api';
