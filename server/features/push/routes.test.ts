import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPreferences, pushSubscriptions } from '../../db/schema';
import { buildAdmin, buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { browserSubscriptionKeys, subscriptionJson } from '../../test/push-service';
import { createSession } from '../auth/sessions';

/** The Web Push calls through the API: who may call each, and what each refuses. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** An endpoint as Chrome's push service gives them. */
const fcm = () => `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`;
const subscription = (endpoint = fcm()) => subscriptionJson(endpoint, browserSubscriptionKeys());

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const subscribe = (token: string, body: unknown = subscription(), userAgent = IPHONE) =>
  t.app.inject({
    method: 'POST',
    url: '/api/app/push/subscribe',
    headers: { authorization: `Bearer ${token}`, 'user-agent': userAgent },
    payload: body as object,
  });

const devicesIn = (db = t.db, userId: string) =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('GET push/key', () => {
  it('answers the VAPID public key to anyone, a visitor too (the service worker asks without a session)', async () => {
    const visitor = await call(t.app, 'GET', '/api/push/key');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().publicKey).toMatch(/^[\w-]{87}$/);
    const { token } = await buildUser(t.db);
    expect((await call(t.app, 'GET', '/api/push/key', undefined, token)).json()).toEqual(visitor.json());
  });
});

describe('Settings → Notifications', () => {
  it('refuses visitors every signed-in call (401)', async () => {
    const id = crypto.randomUUID();
    for (const [method, url, body] of [
      ['GET', '/api/app/push', undefined],
      ['POST', '/api/app/push/subscribe', subscription()],
      ['DELETE', `/api/app/push/devices/${id}`, undefined],
      ['POST', '/api/app/push/preferences', { messages: false }],
    ] as const) {
      const res = await call(t.app, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lets a member, a facilitator and an admin each turn push on, see their device and choose kinds', async () => {
    for (const account of [await buildUser(t.db), await buildFacilitator(t.db), await buildAdmin(t.db)]) {
      const before = await call(t.app, 'GET', '/api/app/push', undefined, account.token);
      expect(before.statusCode).toBe(200);
      // before the first device: no devices, and the kinds a first device starts with
      expect(before.json()).toEqual({
        devices: [],
        preferences: {
          dailyReminder: true,
          reminderTime: '08:00',
          messages: true,
          sessions: true,
          replies: true,
          announcements: true,
          timeZone: account.user.timeZone,
        },
      });
      const on = await subscribe(account.token);
      expect(on.statusCode).toBe(200);
      expect(on.json().devices).toEqual([
        {
          _id: expect.any(String),
          label: 'Safari on iOS',
          createdAt: expect.any(String),
          lastUsedAt: null,
          thisDevice: true,
        },
      ]);
      const chosen = await call(
        t.app,
        'POST',
        '/api/app/push/preferences',
        { replies: false, reminderTime: '21:15' },
        account.token,
      );
      expect(chosen.statusCode).toBe(200);
      expect(chosen.json().preferences).toMatchObject({ replies: false, reminderTime: '21:15', messages: true });
    }
  });

  it('stores the device once per endpoint, and keeps one per sign-in session', async () => {
    const sam = await buildUser(t.db);
    const first = subscription();
    await subscribe(sam.token, first);
    await subscribe(sam.token, first);
    expect(await devicesIn(t.db, sam.user.id)).toHaveLength(1);
    // the browser made a new subscription: it replaces this session's old one
    await subscribe(sam.token);
    const rows = await devicesIn(t.db, sam.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.endpoint).not.toBe(first.endpoint);
    // another sign-in session (another device) adds one; the list marks which is this one
    const laptop = await createSession(t.db, sam.user.id);
    const res = await subscribe(
      laptop,
      subscription(),
      'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    );
    expect(res.json().devices.map((d: { label: string; thisDevice: boolean }) => [d.label, d.thisDevice])).toEqual([
      ['Firefox on Linux', true],
      ['Safari on iOS', false],
    ]);
  });

  it('hands a shared phone’s device to whoever turns push on there next, never to both', async () => {
    const first = await buildUser(t.db);
    const second = await buildUser(t.db);
    const phone = subscription();
    await subscribe(first.token, phone);
    await subscribe(second.token, phone);
    expect(await devicesIn(t.db, first.user.id)).toEqual([]);
    expect(await devicesIn(t.db, second.user.id)).toHaveLength(1);
  });

  it('removes the device of a session that signs out, or that is signed out from another device', async () => {
    const sam = await buildUser(t.db);
    await subscribe(sam.token);
    expect((await call(t.app, 'POST', '/api/auth/logout', {}, sam.token)).statusCode).toBe(200);
    expect(await devicesIn(t.db, sam.user.id)).toEqual([]);

    const phone = await createSession(t.db, sam.user.id);
    const laptop = await createSession(t.db, sam.user.id);
    await subscribe(phone);
    const sessions = (await call(t.app, 'GET', '/api/app/sessions', undefined, laptop)).json();
    const phoneSession = sessions.find((s: { current: boolean }) => !s.current)._id;
    expect((await call(t.app, 'DELETE', `/api/app/sessions/${phoneSession}`, undefined, laptop)).statusCode).toBe(200);
    expect(await devicesIn(t.db, sam.user.id)).toEqual([]);
  });

  it('removes one of my devices; another member’s, or one that does not exist, is unknown to me (404), an admin too', async () => {
    const sam = await buildUser(t.db);
    const lee = await buildUser(t.db);
    const admin = await buildAdmin(t.db);
    const device = (await subscribe(sam.token)).json().devices[0]._id;
    for (const other of [lee, admin]) {
      const res = await call(t.app, 'DELETE', `/api/app/push/devices/${device}`, undefined, other.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('push_device_not_found');
    }
    const missing = await call(t.app, 'DELETE', `/api/app/push/devices/${crypto.randomUUID()}`, undefined, sam.token);
    expect(missing.statusCode).toBe(404);
    const removed = await call(t.app, 'DELETE', `/api/app/push/devices/${device}`, undefined, sam.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().devices).toEqual([]);
    expect((await call(t.app, 'DELETE', '/api/app/push/devices/not-an-id', undefined, sam.token)).statusCode).toBe(400);
  });

  it('refuses a subscription the server must not post to, and one that is not a subscription', async () => {
    const sam = await buildUser(t.db);
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/push',
      'https://10.0.0.7/push',
      'https://[::1]/push',
      'https://localhost/push',
      'https://printer.local/push',
      'https://push.example.com:8443/push',
      'https://user:pw@push.example.com/push',
    ]) {
      const res = await subscribe(sam.token, subscription(endpoint));
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error).toBe('push_endpoint_refused');
    }
    for (const body of [
      {},
      { endpoint: fcm() },
      { endpoint: fcm(), keys: { p256dh: 'short', auth: 'x' } },
      { endpoint: 'not a url', keys: subscription().keys },
    ]) {
      const res = await subscribe(sam.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_input');
    }
    expect(await devicesIn(t.db, sam.user.id)).toEqual([]);
  });

  it('refuses kinds that are not offered and a reminder time that is not HH:MM', async () => {
    const sam = await buildUser(t.db);
    for (const body of [
      {},
      { reminderTime: '7:00' },
      { reminderTime: '24:00' },
      { hearts: true },
      { messages: 'yes' },
    ]) {
      const res = await call(t.app, 'POST', '/api/app/push/preferences', body, sam.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.db.select().from(pushPreferences).where(eq(pushPreferences.userId, sam.user.id))).toEqual([]);
  });
});

describe("POST push/resubscribe (the service worker's 'pushsubscriptionchange')", () => {
  it('puts the new subscription in the old one’s place, for the same member and session, without a session', async () => {
    const sam = await buildUser(t.db);
    const old = subscription();
    await subscribe(sam.token, old);
    const replacement = subscription();
    const res = await call(t.app, 'POST', '/api/push/resubscribe', {
      oldEndpoint: old.endpoint,
      subscription: replacement,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await devicesIn(t.db, sam.user.id);
    expect(row).toMatchObject({
      endpoint: replacement.endpoint,
      p256dh: replacement.keys.p256dh,
      label: 'Safari on iOS',
    });
    const list = (await call(t.app, 'GET', '/api/app/push', undefined, sam.token)).json().devices;
    expect(list).toEqual([expect.objectContaining({ thisDevice: true })]);
  });

  it('refuses an old endpoint that names no device (404) and a new one the server must not post to (400)', async () => {
    const unknown = await call(t.app, 'POST', '/api/push/resubscribe', {
      oldEndpoint: fcm(),
      subscription: subscription(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('push_subscription_unknown');

    const sam = await buildUser(t.db);
    const old = subscription();
    await subscribe(sam.token, old);
    const bad = await call(t.app, 'POST', '/api/push/resubscribe', {
      oldEndpoint: old.endpoint,
      subscription: subscription('https://169.254.169.254/latest'),
    });
    expect(bad.statusCode).toBe(400);
    expect((await devicesIn(t.db, sam.user.id))[0]!.endpoint).toBe(old.endpoint);
  });
});
