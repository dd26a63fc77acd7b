import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';

// API answers of 1 KB or more are compressed by Accept-Encoding, small ones not
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The OpenAPI document: a large JSON answer (well over the 1 KB threshold). */
const LARGE = '/api/docs';

describe('compressing API answers', () => {
  it('sends a large JSON answer brotli-compressed to a client that accepts br, with Vary', async () => {
    const plain = await t.inject({ method: 'GET', url: LARGE });
    const res = await t.inject({ method: 'GET', url: LARGE, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = brotliDecompressSync(res.rawPayload);
    expect(body.length).toBeGreaterThan(res.rawPayload.length * 2);
    expect(JSON.parse(body.toString())).toEqual(plain.json());
  });

  it('sends it gzip-compressed to a client that accepts only gzip', async () => {
    const res = await t.inject({ method: 'GET', url: LARGE, headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toHaveProperty('openapi');
  });

  it('sends it uncompressed to a client that asks for no encoding', async () => {
    const res = await t.inject({ method: 'GET', url: LARGE });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('openapi');
  });

  it('leaves a small answer uncompressed even when the client accepts br and gzip', async () => {
    const res = await t.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
