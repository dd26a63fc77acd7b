import { describe, expect, it } from 'vitest';
import { isAppPath } from './app-paths';

describe('isAppPath', () => {
  it("takes the router's pages, with or without a query", () => {
    for (const path of ['/', '/login', '/content/12', '/group/4?tab=about', '/login?next=/a.b', '/apiary']) {
      expect(isAppPath(path), path).toBe(true);
    }
  });

  it('leaves the API, the probes, images, files, built assets and named files to the server', () => {
    for (const path of [
      '/api',
      '/api/app/whoami',
      '/api?x=1',
      '/healthz',
      '/readyz',
      '/metrics',
      '/images/a/b.png',
      '/files/abc',
      '/assets/index-AbC.js',
      '/sw.js',
      '/manifest.webmanifest',
      '/logo.png?v=2',
    ]) {
      expect(isAppPath(path), path).toBe(false);
    }
  });
});
