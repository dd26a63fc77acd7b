// Which paths of the site are the web app's own pages, agreed by the server's history fallback
// (server/platform/web.ts) and the service worker's navigation route (web/sw/sw.ts).

/**
 * Paths that are never the app's page, tested on a path with or without its query: what the
 * server answers itself (the API, the probes, built assets, images, files) and any path naming a
 * file (a missing /logo.png is a 404, not the app).
 */
export const NOT_APP_PATHS: readonly RegExp[] = [
  /^\/(?:api|healthz|readyz|metrics)(?:[/?]|$)/,
  /^\/(?:assets|images|files)\//,
  /^[^?]*\.[a-z0-9]+(?:\?|$)/i,
];

/** True for a path the app's router shows (/, /login, /content/12). */
export function isAppPath(path: string): boolean {
  return !NOT_APP_PATHS.some((pattern) => pattern.test(path));
}
