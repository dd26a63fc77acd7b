import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { WebSocket } from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_AUTH_TIMEOUT_MS, LIVE_CLOSE } from '../../../common/realtime/schemas';
import { randomUUID } from 'node:crypto';
import { INSTANCE_GONE_AFTER_S, registerInstance } from '../../platform/instances';
import { createLiveHub } from '../../platform/realtime';
import { buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { liveClient } from '../../test/live-client';
import { liveSignIn } from './routes';

/** The live connection never silently drops a signal. */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());
afterEach(() => {
  liveSignIn.timeoutMs = LIVE_AUTH_TIMEOUT_MS;
});

async function talkingPair() {
  const maya = await buildFacilitator(t.db, { name: 'Maya' });
  const tier = await buildTier(t.db, maya.user.id, { allowDirectMessaging: true });
  const sam = await buildUser(t.db, { name: 'Sam' });
  await buildSubscription(t.db, sam.user.id, tier.id);
  const room = (await call(t.app, 'POST', '/api/app/room', { ids: [maya.user.id] }, sam.token)).json().chatRoom
    ._id as string;
  const send = (message: string) =>
    call(t.app, 'POST', '/api/app/message', { user: maya.user.id, room, message }, sam.token);
  return { maya, sam, room, send };
}

const newMessageNotices = async (token: string) =>
  (await call(t.app, 'GET', '/api/app/notifications', undefined, token))
    .json()
    .filter((n: { message: string }) => n.message.startsWith('New message')).length;

describe('the sign-in timer measures only the client’s part', () => {
  it('closes with 4001 a socket whose auth frame never comes', async () => {
    liveSignIn.timeoutMs = 200;
    const silent = await liveClient(base);
    expect(await silent.closed()).toBe(LIVE_CLOSE.unauthenticated);
  });

  it('a session lookup slower than the timer signs the tab in, never closing it with 4001', async () => {
    const { maya } = await talkingPair();
    liveSignIn.timeoutMs = 200;
    // the sessions table is locked: the server's own lookup waits, however long it takes
    let unlock = () => {};
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holding = t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table auth_sessions in access exclusive mode`);
      locked();
      await new Promise<void>((resolve) => {
        unlock = resolve;
      });
    });
    await isLocked;
    const tab = await liveClient(base);
    tab.send({ type: 'auth', token: maya.token });
    // a socket opened after it, that never signs in, is closed by its timer: the tab's has run out too
    const witness = await liveClient(base);
    expect(await witness.closed()).toBe(LIVE_CLOSE.unauthenticated);
    unlock();
    await holding;
    expect(await tab.next((f) => f.type === 'ready')).toEqual({ type: 'ready' });
    tab.close();
  });
});

describe('presence of a dead instance (killed without a word)', () => {
  it(`expires within ${INSTANCE_GONE_AFTER_S} s of its last heartbeat, so a message to its users notifies`, async () => {
    const { maya, send } = await talkingPair();
    // an instance that holds Maya's only tab and then stops beating (no registry: no heartbeat)
    const dead = await createLiveHub(t.database, pino({ level: 'silent' }));
    const beatAgo = (seconds: number) =>
      t.db.execute(sql`insert into server_instances (id, hostname, pid, storage, seen_at)
        values (${dead.instanceId}, 'gone', 1, 'local:gone', now() - make_interval(secs => ${seconds}))
        on conflict (id) do update set seen_at = excluded.seen_at`);
    try {
      await beatAgo(0);
      await dead.attach(
        maya.user.id,
        { readyState: 1, send: () => undefined, close: () => undefined } as unknown as WebSocket,
        'k',
      );
      expect(await t.app.ctx.live.isOnline(maya.user.id)).toBe(true);
      await beatAgo(INSTANCE_GONE_AFTER_S - 5);
      expect(await t.app.ctx.live.isOnline(maya.user.id)).toBe(true);
      await send('while her instance still counts');
      expect(await newMessageNotices(maya.token)).toBe(0);

      await beatAgo(INSTANCE_GONE_AFTER_S + 1);
      expect(await t.app.ctx.live.isOnline(maya.user.id)).toBe(false);
      await send('after her instance died');
      expect(await newMessageNotices(maya.token)).toBe(1);
    } finally {
      await dead.close();
      await t.db.execute(sql`delete from server_instances where id = ${dead.instanceId}`);
    }
  });
});

describe('presence rows a killed instance left behind', () => {
  it('a starting instance removes those a day old whose instance is gone, and keeps the others', async () => {
    const { user } = await buildUser(t.db);
    const [killedLongAgo, killedLately] = [randomUUID(), randomUUID()];
    const row = (instance: string, ago: string) =>
      t.db.execute(sql`insert into live_presence (instance_id, user_id, connections, seen_at)
        values (${instance}, ${user.id}, 1, now() - ${ago}::interval)`);
    await row(killedLongAgo, '2 days');
    await row(killedLately, '1 hour');
    await row(t.app.ctx.live.instanceId, '3 days');
    const starting = await registerInstance(t.db, randomUUID(), 'local:test');
    await starting.close();
    const left = (await t.db.execute(
      sql`select instance_id from live_presence where user_id = ${user.id}`,
    )) as unknown as { rows: { instance_id: string }[] };
    expect(left.rows.map((r) => r.instance_id).sort()).toEqual([killedLately, t.app.ctx.live.instanceId].sort());
  });
});

/** Ends the live listener's PostgreSQL session (as a database restart or a network cut would). */
const killListener = () =>
  t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and query like '%tend\\_live%'`);

describe.runIf(process.env.TEST_DB === 'postgres')('the LISTEN connection drops and comes back', () => {
  it('tells every open tab to resync, and delivers a message sent after that', async () => {
    const { maya, room, send } = await talkingPair();
    const tabs = [await liveClient(base, { token: maya.token }), await liveClient(base, { token: maya.token })];
    await killListener();
    for (const tab of tabs) expect(await tab.next((f) => f.type === 'resync')).toEqual({ type: 'resync' });
    expect(t.app.ctx.live.listening()).toBe(true);
    const sent = (await send('after the listener came back')).json();
    for (const tab of tabs)
      expect(await tab.next((f) => f.type === 'message')).toEqual({ type: 'message', room, message: sent });
    tabs.forEach((tab) => tab.close());
  });

  it('a message sent while the listener is down reaches this instance’s tabs once, then they resync', async () => {
    const { maya, send } = await talkingPair();
    const tab = await liveClient(base, { token: maya.token });
    await killListener();
    await expect.poll(() => t.app.ctx.live.listening()).toBe(false);
    const sent = (await send('while the listener was down')).json();
    expect((await tab.next((f) => f.type === 'message')).message).toEqual(sent);
    await tab.next((f) => f.type === 'resync');
    // a later message proves the listener hears again; the first came once only
    await send('and after');
    await tab.next((f) => f.type === 'message' && (f.message as { text: string }).text === 'and after');
    expect(tab.frames.filter((f) => f.type === 'message')).toHaveLength(2);
    tab.close();
  });
});
