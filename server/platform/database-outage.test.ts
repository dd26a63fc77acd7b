import { createServer, type Server, type Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { createTestDatabase } from '../test/database';
import { LIVE_CLOSE } from '../../common/realtime/schemas';
import { buildFacilitator, buildSubscription, buildTier, buildUser } from '../test/factories';
import { call } from '../test/harness';
import { liveClient } from '../test/live-client';
import { createMailer } from './mail';

/**
 * A TCP proxy in front of PostgreSQL that can freeze: while frozen it reads nothing from either
 * side, so queries and connections hang exactly as with a stopped (SIGSTOP) server; thawed, the
 * held bytes flow on. It can also stop: every connection is cut and new ones are refused at once,
 * as with a database that was shut down, until it starts again.
 */
async function startFreezableProxy(target: URL) {
  const sockets = new Set<Socket>();
  let frozen = false;
  let stopped = false;
  const server: Server = createServer((client) => {
    if (stopped) return void client.destroy();
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
    stop() {
      stopped = true;
      for (const s of sockets) s.destroy();
    },
    start() {
      stopped = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('a frozen database', () => {
  let direct: DatabaseHandle;
  let proxied: DatabaseHandle;
  let proxy: Awaited<ReturnType<typeof startFreezableProxy>>;
  let app: FastifyInstance;
  let base: string;
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
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    token = (await buildUser(direct.db)).token;
  });
  afterAll(async () => {
    proxy.start();
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

  /** Asks again (every 300 ms, at most ~10 s) until the API answers 200: the database is back. */
  async function recovered() {
    let after = await call(app, 'GET', '/api/app/notifications', undefined, token);
    for (let i = 0; i < 30 && after.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 300));
      after = await call(app, 'GET', '/api/app/notifications', undefined, token);
    }
    expect(after.statusCode).toBe(200);
  }

  /** Maya has a tab open; Sam sends her messages. */
  async function openChat() {
    const maya = await buildFacilitator(direct.db, { name: 'Maya' });
    const tier = await buildTier(direct.db, maya.user.id, { allowDirectMessaging: true });
    const sam = await buildUser(direct.db, { name: 'Sam' });
    await buildSubscription(direct.db, sam.user.id, tier.id);
    const room = (await call(app, 'POST', '/api/app/room', { ids: [maya.user.id] }, sam.token)).json().chatRoom
      ._id as string;
    const tab = await liveClient(base, { token: maya.token });
    const send = async (message: string) => {
      const res = await call(app, 'POST', '/api/app/message', { user: maya.user.id, room, message }, sam.token);
      expect(res.statusCode).toBe(200);
      return res.json() as { _id: string; text: string };
    };
    return { tab, room, send };
  }

  it('a websocket connected before a freeze receives the signal of a message sent right after recovery', async () => {
    const { tab, room, send } = await openChat();
    proxy.freeze();
    expect((await call(app, 'GET', '/api/app/notifications', undefined, token)).statusCode).toBe(503);
    proxy.thaw();
    await recovered();
    const sent = await send('right after the thaw');
    expect(await tab.next((f) => f.type === 'message', 10_000)).toEqual({ type: 'message', room, message: sent });
    tab.close();
  }, 30_000);

  it('a stopped database: the tab opened before receives a message sent right after recovery, and is told to resync', async () => {
    const { tab, room, send } = await openChat();
    proxy.stop();
    expect((await call(app, 'GET', '/api/app/notifications', undefined, token)).statusCode).toBe(503);
    await expect.poll(() => app.ctx.live.listening()).toBe(false);
    proxy.start();
    await recovered();
    const sent = await send('right after the restart');
    expect(await tab.next((f) => f.type === 'message', 10_000)).toEqual({ type: 'message', room, message: sent });
    // signals of other instances sent while it was deaf are lost: the tab fetches what it shows again
    await tab.next((f) => f.type === 'resync', 15_000);
    expect(app.ctx.live.listening()).toBe(true);
    expect(tab.frames.filter((f) => f.type === 'message')).toHaveLength(1);
    tab.close();
  }, 40_000);

  it('signing in while the database does not answer closes with 1013 (try again later), never 4001', async () => {
    proxy.freeze();
    try {
      const tab = await liveClient(base);
      tab.send({ type: 'auth', token });
      expect(await tab.closed()).toBe(LIVE_CLOSE.tryAgain);
    } finally {
      proxy.thaw();
    }
    await recovered();
    const again = await liveClient(base, { token });
    expect(again.frames).toContainEqual({ type: 'ready' });
    again.close();
  }, 30_000);
});
