import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig, type Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from '../test/database';
import { createLogger, redactUrl, serializeError } from './logging';

// one migrated database for the file; each test builds the app it needs on it
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function withApp(
  overrides: Partial<Config>,
  test: (app: FastifyInstance) => Promise<void>,
  logger?: ReturnType<typeof createLogger>,
) {
  const app = await buildApp(testConfig(overrides), { database, logger });
  try {
    await test(app);
  } finally {
    await app.close();
  }
}

describe('redactUrl', () => {
  it.each([
    ['/passwordReset?token=abc.def', '/passwordReset?token=[redacted]'],
    ['/api/files/media/x.wav?exp=123&sig=zzz', '/api/files/media/x.wav?exp=123&sig=[redacted]'],
    ['/confirm?id=1&Code=7K2M', '/confirm?id=1&Code=[redacted]'],
    ['/explore?search=token', '/explore?search=token'],
    ['/api/app/feed', '/api/app/feed'],
    ['/x?%74oken=abc', '/x?%74oken=[redacted]'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

/** Collects what the logger writes, one parsed JSON object a line. */
function captured() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('the request log', () => {
  it('writes one line per request, with the reset token and authorization taken out', async () => {
    const log = captured();
    const logger = createLogger({ logLevel: 'info', logFormat: 'json' }, log.stream);
    await withApp(
      {},
      async (app) => {
        const url = '/api/auth/reset-token-check?token=SECRET-RESET-TOKEN';
        await app.inject({ method: 'GET', url, headers: { authorization: 'Bearer SECRET-SESSION' } });
        await app.inject({
          method: 'GET',
          url: '/api/app/inspiration',
          headers: { authorization: 'Bearer SECRET-SESSION' },
        });
      },
      logger,
    );
    const requests = log.lines.filter((line) => 'statusCode' in line);
    expect(requests).toEqual([
      expect.objectContaining({ method: 'GET', url: '/api/auth/reset-token-check?token=[redacted]', statusCode: 404 }),
      expect.objectContaining({ method: 'GET', url: '/api/app/inspiration', statusCode: 401 }),
    ]);
    expect(JSON.stringify(log.lines)).not.toMatch(/SECRET-/);
  });
});

describe('/metrics', () => {
  it('answers 404 (not the web page) when metrics are off', async () => {
    await withApp({}, async (app) => {
      const res = await app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('not_found');
    });
  });

  it('with METRICS_TOKEN: refuses without the Bearer token, and counts requests by route template', async () => {
    const token = 'metrics-token-0123456789';
    await withApp({ metrics: { token, host: '127.0.0.1' } }, async (app) => {
      await app.inject({ method: 'GET', url: '/healthz' });
      await app.inject({ method: 'GET', url: '/api/app/view-post/00000000-0000-4000-8000-000000000000' });
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      expect(
        (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode,
      ).toBe(401);
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toMatch(
        /tend_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} 1/,
      );
      // the template, never the id
      expect(res.body).toMatch(/route="\/api\/app\/view-post\/:id"/);
      expect(res.body).not.toMatch(/00000000-0000/);
      for (const name of [
        'tend_db_pool_connections',
        'tend_websocket_clients',
        'tend_jobs{state="queued"}',
        'tend_nodejs_eventloop_lag_seconds',
      ]) {
        expect(res.body).toContain(name);
      }
    });
  });

  it("every metric's name and type pass Prometheus' own linter (promtool check metrics)", async () => {
    const promtool = spawnSync('promtool', ['--version']);
    // CI installs Debian's prometheus for promtool; elsewhere the check needs it on the PATH
    if (promtool.error && !process.env.CI) return;
    const token = 'metrics-token-0123456789';
    await withApp({ metrics: { token, host: '127.0.0.1' } }, async (app) => {
      await app.inject({ method: 'GET', url: '/healthz' });
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      const check = spawnSync('promtool', ['check', 'metrics'], { input: res.body, encoding: 'utf8' });
      expect(check.error).toBeUndefined();
      expect(`${check.stdout}${check.stderr}`).toBe('');
      expect(check.status).toBe(0);
    });
  });

  it('with METRICS_PORT: serves them on that port only', async () => {
    const port = await freePort();
    await withApp({ metrics: { port, host: '127.0.0.1' } }, async (app) => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('tend_websocket_clients');
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    });
  });
});

function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('serializeError', () => {
  it("keeps a failed query's SQL and drops its bound values, in the message and the stack", async () => {
    const { DrizzleQueryError } = await import('drizzle-orm/errors');
    const err = new DrizzleQueryError(
      'insert into users (email, password_hash) values ($1, $2)',
      ['ada@example.com', '$argon2id$SECRET-HASH'],
      new Error('duplicate key'),
    );
    const out = serializeError(err);
    expect(out.message).toContain('insert into users');
    expect(JSON.stringify(out)).not.toMatch(/SECRET-HASH|ada@example\.com/);
  });
});
