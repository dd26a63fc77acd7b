import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from '../test/database';
import { createMailer } from './mail';
import { MAX_JSON_DEPTH } from './json-body';

/** `[[[...]]]` nested `depth` levels */
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

let database: DatabaseHandle;
let app: FastifyInstance;
/** the request log's lines (platform/logging.ts): the server's own time per request, in ms */
const requestLog: { url: string; statusCode: number; ms: number }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const lines = new Writable({
    write(chunk, _encoding, done) {
      const line = JSON.parse(String(chunk));
      if (typeof line.ms === 'number') requestLog.push(line);
      done();
    },
  });
  const log = pino({ level: 'info' }, lines);
  app = await buildApp(testConfig({ logLevel: 'info' }), {
    database,
    logger: log,
    mailer: createMailer({ from: 'Tend <t@t.test>', log: pino({ level: 'silent' }) }),
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const postJson = (url: string, payload: string) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

describe('bounded JSON parsing', () => {
  it('refuses a 200k-deep body with 400 body_too_deep before parsing it, within 50 ms of server time', async () => {
    const body = nested(200_000);
    const parse = vi.spyOn(JSON, 'parse');
    // the CPU the process spent on the request: on a loaded machine its wall time also holds the
    // time it waited for a core, which says nothing about what the request costs
    const before = process.cpuUsage();
    try {
      const res = await postJson('/api/auth/login', body);
      const spent = process.cpuUsage(before);
      expect((spent.user + spent.system) / 1000).toBeLessThan(50);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'body_too_deep', message: expect.stringContaining('64 levels') });
      // nothing ever parsed the body: the refusal came from the byte scan
      expect(parse.mock.calls.filter(([text]) => text === body)).toHaveLength(0);
    } finally {
      parse.mockRestore();
    }
    const logged = requestLog.findLast((line) => line.url === '/api/auth/login');
    expect(logged?.statusCode).toBe(400);
  });

  it('refuses one level past the limit and parses a body exactly at it', async () => {
    expect((await postJson('/api/auth/login', nested(MAX_JSON_DEPTH + 1))).json().error).toBe('body_too_deep');
    // parsed, then refused by the route's schema (a login is an object)
    expect((await postJson('/api/auth/login', nested(MAX_JSON_DEPTH))).json().error).toBe('invalid_input');
  });

  it('still accepts an ordinary body nesting 20 levels, and counts no brackets inside strings', async () => {
    const login = { email: 'nobody@example.com', password: 'not the password' };
    const plain = await postJson('/api/auth/login', JSON.stringify(login));
    const deep = JSON.parse(`{"extra":${nested(20)}}`);
    const withDeep = await postJson('/api/auth/login', JSON.stringify({ ...login, ...deep }));
    const withBrackets = await postJson(
      '/api/auth/login',
      JSON.stringify({ ...login, note: `"\\${'['.repeat(1000)}{`.repeat(10) }),
    );
    expect(plain.json().error).not.toBe('body_too_deep');
    expect([withDeep.statusCode, withDeep.json().error]).toEqual([plain.statusCode, plain.json().error]);
    expect([withBrackets.statusCode, withBrackets.json().error]).toEqual([plain.statusCode, plain.json().error]);
  });

  it('answers a body over the size limit with 413 in the error protocol', async () => {
    const res = await postJson('/api/auth/login', JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'payload_too_large', message: 'That is too large to send.' });
  });

  it('answers the refusal over a real connection while the body is still arriving', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: nested(200_000),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('body_too_deep');
  });
});
