import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from '../test/database';
import { buildUser } from '../test/factories';
import { liveClient } from '../test/live-client';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** What main.ts does on SIGTERM (app.close()), seen from the clients of a listening server. */
describe('a graceful shutdown', () => {
  it('finishes the request in flight, closes live connections with 1001 (going away) and takes no new request', async () => {
    const app = await buildApp(testConfig(), { database });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // a request that is still running when the shutdown starts
    app.get('/test/slow', async () => {
      await held;
      return { done: true };
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const member = await buildUser(database.db);
    const tab = await liveClient(base, { token: member.token });

    const inFlight = fetch(`${base}/test/slow`).then(async (res) => ({ status: res.status, body: await res.json() }));
    await new Promise((r) => setTimeout(r, 50));
    const closing = app.close();
    expect(await tab.closed()).toBe(1001);
    const refused = await fetch(`${base}/healthz`).then(
      (res) => res.status,
      () => 'refused',
    );
    // a new connection is refused, or answered 503 while the old ones drain
    expect([503, 'refused']).toContain(refused);
    release();
    expect(await inFlight).toEqual({ status: 200, body: { done: true } });
    await closing;
  });
});
