import { TEST_DATABASE_TIMEOUTS } from '../../test/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { LIVE_CLOSE, LIVE_LIMITS } from '../../../common/realtime/schemas';
import { buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { liveClient } from '../../test/live-client';
import { sha256 } from '../../platform/secrets';
import { createSession, endUserSessions } from '../auth/sessions';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function talkingPair() {
  const maya = await buildFacilitator(t.db, { name: 'Maya' });
  const tier = await buildTier(t.db, maya.user.id, { allowDirectMessaging: true });
  const sam = await buildUser(t.db, { name: 'Sam' });
  await buildSubscription(t.db, sam.user.id, tier.id);
  const room = (await call(t.app, 'POST', '/api/app/room', { ids: [maya.user.id] }, sam.token)).json().chatRoom
    ._id as string;
  return { maya, sam, room };
}

describe('the live connection', () => {
  it('signs in with its first frame and delivers new messages to every open tab of both people', async () => {
    const { maya, sam, room } = await talkingPair();
    const mayaTabs = [await liveClient(base, { token: maya.token }), await liveClient(base, { token: maya.token })];
    const samTab = await liveClient(base, { token: sam.token });
    const sent = (
      await call(t.app, 'POST', '/api/app/message', { user: maya.user.id, room, message: 'live hello' }, sam.token)
    ).json();
    for (const tab of [...mayaTabs, samTab]) {
      const frame = await tab.next((f) => f.type === 'message');
      expect(frame).toEqual({ type: 'message', room, message: sent });
    }
    // an online recipient gets no 'new message' notification
    const notices = (await call(t.app, 'GET', '/api/app/notifications', undefined, maya.token)).json();
    expect(notices.some((n: { message: string }) => n.message.startsWith('New message'))).toBe(false);
    [...mayaTabs, samTab].forEach((tab) => tab.close());
  });

  it('closes a socket that does not sign in, or signs in with a bad token, and refuses a foreign origin', async () => {
    const bad = await liveClient(base);
    bad.send({ type: 'auth', token: 'not-a-session' });
    expect(await bad.closed()).toBe(LIVE_CLOSE.unauthenticated);
    const foreign = await liveClient(base, { origin: 'https://evil.example' });
    expect(await foreign.closed()).toBe(LIVE_CLOSE.forbiddenOrigin);
    const garbage = await liveClient(base);
    garbage.socket.send('{nope');
    expect(await garbage.closed()).toBe(1008);
  });

  it("tells a user's open tabs when a notification arrives, so the bell updates", async () => {
    const { maya, sam, room } = await talkingPair();
    const samTab = await liveClient(base, { token: sam.token });
    samTab.close();
    await samTab.closed();
    // Sam is offline now: his message notice is written, and Maya's open tab hears of hers
    const mayaTab = await liveClient(base, { token: maya.token });
    await call(t.app, 'POST', '/api/app/message', { user: sam.user.id, room, message: 'see you' }, maya.token);
    const { notify } = await import('../notifications/service');
    await notify(t.db, {
      userId: maya.user.id,
      type: 'message',
      message: 'Something happened.',
      link: '/notifications',
    });
    expect(await mayaTab.next((f) => f.type === 'notification')).toEqual({ type: 'notification' });
    mayaTab.close();
  });

  it('answers pings and never delivers other people’s messages', async () => {
    const { maya, sam, room } = await talkingPair();
    const stranger = await buildUser(t.db);
    const strangerTab = await liveClient(base, { token: stranger.token });
    strangerTab.send({ type: 'ping' });
    await strangerTab.next((f) => f.type === 'pong');
    const mayaTab = await liveClient(base, { token: maya.token });
    await call(t.app, 'POST', '/api/app/message', { user: maya.user.id, room, message: 'private' }, sam.token);
    await mayaTab.next((f) => f.type === 'message');
    expect(strangerTab.frames.filter((f) => f.type === 'message')).toEqual([]);
    strangerTab.close();
    mayaTab.close();
  });
});

describe('sessions that end close their sockets', () => {
  const presence = async (userId: string) => {
    const { rows } = (await t.db.execute(
      sql`select coalesce(sum(connections), 0)::int as n from live_presence where user_id = ${userId}`,
    )) as unknown as { rows: { n: number }[] };
    return Number(rows[0]!.n);
  };

  it('logout closes that session’s socket and keeps the user’s other sessions connected', async () => {
    const { maya, room, sam } = await talkingPair();
    const other = await createSession(t.db, maya.user.id);
    const loggingOut = await liveClient(base, { token: maya.token });
    const staying = await liveClient(base, { token: other });
    await call(t.app, 'POST', '/api/auth/logout', {}, maya.token);
    expect(await loggingOut.closed()).toBe(LIVE_CLOSE.unauthenticated);
    // the other session still hears its messages
    await call(t.app, 'POST', '/api/app/message', { user: maya.user.id, room, message: 'still here?' }, sam.token);
    expect((await staying.next((f) => f.type === 'message')).type).toBe('message');
    staying.close();
  });

  it('a password change closes every other session’s socket; deleting the account closes them all', async () => {
    const { sam } = await talkingPair();
    const second = await createSession(t.db, sam.user.id);
    const mine = await liveClient(base, { token: sam.token });
    const theirs = await liveClient(base, { token: second });
    await endUserSessions(t.db, sam.user.id, sha256(sam.token));
    expect(await theirs.closed()).toBe(LIVE_CLOSE.unauthenticated);
    await endUserSessions(t.db, sam.user.id);
    expect(await mine.closed()).toBe(LIVE_CLOSE.unauthenticated);
  });

  it('several auth frames on one socket count it once: the user is offline after it closes', async () => {
    const { sam } = await talkingPair();
    const tab = await liveClient(base);
    for (let i = 0; i < 5; i++) tab.send({ type: 'auth', token: sam.token });
    await tab.next((f) => f.type === 'ready');
    expect(await presence(sam.user.id)).toBe(1);
    tab.close();
    await tab.closed();
    await expect.poll(() => presence(sam.user.id)).toBe(0);
  });

  it('caps the sockets one user holds on an instance; closing one makes room', async () => {
    const { sam } = await talkingPair();
    const tabs = [];
    for (let i = 0; i < LIVE_LIMITS.perUser; i++) tabs.push(await liveClient(base, { token: sam.token }));
    const extra = await liveClient(base);
    extra.send({ type: 'auth', token: sam.token });
    expect(await extra.closed()).toBe(LIVE_CLOSE.tooMany);
    tabs[0]!.close();
    await tabs[0]!.closed();
    const again = await liveClient(base, { token: sam.token });
    expect(again.frames.some((f) => f.type === 'ready')).toBe(true);
    [...tabs.slice(1), again].forEach((tab) => tab.close());
  });

  it("refuses an Origin that is not a URL ('null' from a sandboxed page) instead of throwing", async () => {
    const sandboxed = await liveClient(base, { origin: 'null' });
    expect(await sandboxed.closed()).toBe(LIVE_CLOSE.forbiddenOrigin);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two server instances on one PostgreSQL database', () => {
  it('a message sent through instance A reaches a websocket connected to instance B', async () => {
    const second = await openDatabase({ databaseUrl: t.database.url, timeouts: TEST_DATABASE_TIMEOUTS });
    const b = await buildApp(testConfig(), { database: second });
    const baseB = await b.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { maya, sam, room } = await talkingPair();
      const mayaOnB = await liveClient(baseB, { token: maya.token });
      const sent = (
        await call(
          t.app,
          'POST',
          '/api/app/message',
          { user: maya.user.id, room, message: 'across instances' },
          sam.token,
        )
      ).json();
      expect(await mayaOnB.next((f) => f.type === 'message')).toEqual({ type: 'message', room, message: sent });
      // A sees that Maya is online (on B), so no offline notification was written
      const notices = (await call(b, 'GET', '/api/app/notifications', undefined, maya.token)).json();
      expect(notices.some((n: { message: string }) => n.message.startsWith('New message'))).toBe(false);
      mayaOnB.close();
    } finally {
      await b.close();
      await second.close();
    }
  });

  it('logging out through instance A closes the session’s socket on instance B', async () => {
    const second = await openDatabase({ databaseUrl: t.database.url, timeouts: TEST_DATABASE_TIMEOUTS });
    const b = await buildApp(testConfig(), { database: second });
    const baseB = await b.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { sam } = await talkingPair();
      const samOnB = await liveClient(baseB, { token: sam.token });
      await call(t.app, 'POST', '/api/auth/logout', {}, sam.token);
      expect(await samOnB.closed()).toBe(LIVE_CLOSE.unauthenticated);
    } finally {
      await b.close();
      await second.close();
    }
  });
});
