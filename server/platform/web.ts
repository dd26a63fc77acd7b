import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isAppPath } from '../../common/app-paths';

export const webDist = fileURLToPath(new URL('../../dist/web', import.meta.url));

/**
 * Serves the built SPA: hashed assets cached for a year (immutable), index.html never cached,
 * and every other GET that is not an API call answered with index.html (history fallback).
 * The build writes a .br and a .gz beside each asset (scripts/build/precompress.mjs): the one the
 * browser's Accept-Encoding takes is sent as is, with the asset's own Content-Type.
 */
export async function serveWeb(app: FastifyInstance, root = webDist) {
  if (!existsSync(`${root}/index.html`)) {
    app.log.warn(`No web build in ${root}: run "npm run build" to serve the app`);
    return false;
  }
  await app.register(fastifyStatic, {
    root,
    // files are looked up per request, so a rebuild while running is served at once
    wildcard: true,
    index: false,
    preCompressed: true,
    // the build keeps source maps for the operator (vite 'hidden'); the public never gets them
    allowedPath: (path) => !path.endsWith('.map'),
    cacheControl: false, // ours, below
    setHeaders(res, path) {
      if (path.includes('/assets/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'no-cache');
      // the same URL answers compressed or not by Accept-Encoding: caches must keep them apart
      res.setHeader('vary', 'accept-encoding');
    },
  });
  // the root is a folder to the static handler; it is the app's front page
  app.get('/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  return true;
}

/** App routes get index.html; API calls and missing files (anything with an extension) do not. */
export function wantsSpa(method: string, url: string) {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return isAppPath(url.split('?')[0]!);
}
