import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isAppPath } from '../../common/app-paths';
import { API_CONTRACT_VERSION } from '../../common/api-version';
import { API_VERSION_HEADER, BUILD_HEADER, BUILD_META } from '../../common/http-headers';

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

/** The id of the web build in `root` (its index.html's `tend-build` meta); undefined without one. */
export function webBuildId(root = webDist): string | undefined {
  try {
    const html = readFileSync(`${root}/index.html`, 'utf8');
    return html.match(new RegExp(`<meta name="${BUILD_META}" content="([\\w-]+)"`))?.[1];
  } catch {
    return undefined;
  }
}

/**
 * Every API answer names the API's contract version and the web build served beside it (read
 * once at start: a deployment starts the server again), so an app left open on an older build,
 * or served one by its service worker, finds out on its next call (web/app/app-update.ts).
 */
export function installVersionHeaders(app: FastifyInstance, buildId: string | undefined) {
  const contract = String(API_CONTRACT_VERSION);
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.url.startsWith('/api/')) {
      reply.header(API_VERSION_HEADER, contract);
      if (buildId) reply.header(BUILD_HEADER, buildId);
    }
    done(null, payload);
  });
}
