import { createServer, type Server, type Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { createTestDatabase } from '../test/database';
import { buildUser } from '../test/factories';
import { call } from '../test/harness';
import { createMailer } from './mail';

/**
 * A TCP proxy in front of PostgreSQL that can freeze: while frozen it reads nothing from either
 * side, so queries and connections hang exactly as with a stopped (SIGSTOP) server; thawed, the
 * held bytes flow on.
 */
async function startFreezableProxy(target: URL) {
  const sockets = new Set<Socket>();
  let frozen = false;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(a);
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        sockets.delete(a);
        b.destroy();
      });
      if (frozen) a.pause();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    freeze() {
      frozen = true;
      for (const s of sockets) s.pause();
    },
    thaw() {
      frozen = false;
      for (const s of sockets) s.resume();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('a frozen database (issue 20)', () => {
  let direct: DatabaseHandle;
  let proxied: DatabaseHandle;
  let proxy: Awaited<ReturnType<typeof startFreezableProxy>>;
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    direct = await createTestDatabase();
    const url = new URL(direct.url!);
    proxy = await startFreezableProxy(new URL(direct.url!));
    url.host = `127.0.0.1:${proxy.port}`;
    proxied = await openDatabase({ databaseUrl: url.toString() });
    const log = pino({ level: 'silent' });
    app = await buildApp(testConfig(), {
      database: proxied,
      logger: log,
      mailer: createMailer({ from: 'Tend <t@t.test>', log }),
    });
    await app.ready();
    token = (await buildUser(direct.db)).token;
  });
  afterAll(async () => {
    proxy.thaw();
    await app.close();
    await proxied.close();
    await proxy.close();
    await direct.close();
  });

  it('answers 503 database_unavailable with Retry-After within 5 s, /readyz 503, and recovers without a restart', async () => {
    expect((await call(app, 'GET', '/api/app/notifications', undefined, token)).statusCode).toBe(200);
    proxy.freeze();
    const started = Date.now();
    const [api, ready] = await Promise.all([
      call(app, 'GET', '/api/app/notifications', undefined, token),
      app.inject({ method: 'GET', url: '/readyz' }),
    ]);
    expect(Date.now() - started).toBeLessThan(5_500);
    expect(api.statusCode).toBe(503);
    expect(api.headers['retry-after']).toBe('5');
    expect(api.json()).toEqual({
      error: 'database_unavailable',
      message: 'The service is busy. Please try again in a moment.',
    });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error).toBe('database_unavailable');

    proxy.thaw();
    // the connections that timed out were dropped from the pool; fresh ones serve again
    let after = await call(app, 'GET', '/api/app/notifications', undefined, token);
    for (let i = 0; i < 10 && after.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 300));
      after = await call(app, 'GET', '/api/app/notifications', undefined, token);
    }
    expect(after.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  }, 30_000);
});
