import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let webRoot: string;
const BIG_SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i}`))};`;
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'tend-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Tend</title><div id="root"></div>');
  writeFileSync(join(webRoot, 'assets', 'main-AbC123.js'), 'console.log(1)');
  writeFileSync(join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(
    join(webRoot, 'assets', 'main-AbC123.js.map'),
    '{"version":3,"sources":["../../web/secret-source.tsx"]}',
  );
  // what scripts/build/precompress.mjs writes beside a hashed asset
  writeFileSync(join(webRoot, 'assets', 'app-Zip789.js'), BIG_SCRIPT);
  writeFileSync(join(webRoot, 'assets', 'app-Zip789.js.br'), brotliCompressSync(BIG_SCRIPT));
  writeFileSync(join(webRoot, 'assets', 'app-Zip789.js.gz'), gzipSync(BIG_SCRIPT));
  writeFileSync(join(webRoot, 'assets', 'style-Zip789.css'), 'body{color:red}');
  writeFileSync(join(webRoot, 'assets', 'style-Zip789.css.gz'), gzipSync('body{color:red}'));
  t = await startTestApp({ serveWeb: true, webRoot });
});
afterAll(() => t.close());

describe('serving the built web app', () => {
  it('caches hashed assets for a year as immutable', async () => {
    const res = await t.inject({ method: 'GET', url: '/assets/main-AbC123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('answers app routes with index.html, never cached (history fallback)', async () => {
    for (const url of ['/', '/feed', '/group/42?tab=about', '/admin/manage-user/new']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves the service worker revalidated on every check, under a CSP that allows it and the manifest', async () => {
    const res = await t.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    // a cached worker script would hold back every update until the cache ran out
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = `${res.headers['content-security-policy']}`;
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('keeps unknown API routes and non-GET requests as 404 JSON', async () => {
    const api = await t.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: 'no_route', message: expect.stringMatching(/No route/) });
    expect((await t.inject({ method: 'POST', url: '/feed' })).statusCode).toBe(404);
  });

  it('serves assets of a rebuild made while the server runs', async () => {
    writeFileSync(join(webRoot, 'assets', 'main-New456.js'), 'console.log(2)');
    expect((await t.inject({ method: 'GET', url: '/assets/main-New456.js' })).statusCode).toBe(200);
  });

  it('never serves the source maps the build keeps beside the assets', async () => {
    const res = await t.inject({ method: 'GET', url: '/assets/main-AbC123.js.map' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret-source');
  });

  it('answers /metrics with 404 JSON, not the app, while metrics are off', async () => {
    const res = await t.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('answers a missing hashed asset with 404, not the app', async () => {
    const res = await t.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
  });

  it('sends a hashed asset from its .br file to a browser that accepts brotli', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/assets/app-Zip789.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(brotliCompressSync(BIG_SCRIPT))).toBe(true);
  });

  it('sends the .gz file to a browser that accepts only gzip, with the asset type', async () => {
    const js = await t.inject({ method: 'GET', url: '/assets/app-Zip789.js', headers: { 'accept-encoding': 'gzip' } });
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(gunzipSync(js.rawPayload).toString()).toBe(BIG_SCRIPT);
    // no .br beside the stylesheet: a brotli browser gets its gzip copy
    const css = await t.inject({
      method: 'GET',
      url: '/assets/style-Zip789.css',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('sends the plain file to a browser that accepts no encoding', async () => {
    const res = await t.inject({ method: 'GET', url: '/assets/app-Zip789.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(BIG_SCRIPT);
  });
});
