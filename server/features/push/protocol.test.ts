import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, pushSubscriptions, serverSecrets } from '../../db/schema';
import { jobIdForKey } from '../../platform/jobs/job-key';
import { buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, type TestApp } from '../../test/harness';
import {
  type BrowserKeys,
  browserSubscriptionKeys,
  decryptPush,
  type PushService,
  verifyVapid,
  addDevice,
  startPushTestApp,
} from '../../test/push-service';
import { createSession } from '../auth/sessions';
import { PUSH_RETRY_JOB, type RetryJob, retryPush } from './deliver';
import { sendPendingNotificationPushes } from './notification-pushes';

/*
 * Web Push over the real protocol: the server sends to a push service on the loopback, which
 * keeps what it receives; the test decrypts it with the keys a browser would have made
 * (test/push-service.ts, RFC 8291 written out) and checks the VAPID signature (RFC 8292).
 */
let t: TestApp;
let push: PushService;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, push, close } = await startPushTestApp());
});
afterAll(() => close());

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** Turns push on for a member's sign-in session, as Settings does with the browser's subscription. */
const subscribe = (token: string, keys?: BrowserKeys) => addDevice(t, push, token, { keys, userAgent: ANDROID_CHROME });

/** A facilitator with a direct-messaging tier and a subscriber, who may write to each other. */
async function pair() {
  const maya = await buildFacilitator(t.db, { name: 'Maya' });
  const tier = await buildTier(t.db, maya.user.id, { allowDirectMessaging: true });
  const sam = await buildUser(t.db, { name: 'Sam' });
  await buildSubscription(t.db, sam.user.id, tier.id);
  return { maya, sam };
}

/** Maya writes to Sam, who is not in the app: Sam gets a 'New message' notification. */
async function mayaWritesTo(maya: { token: string }, sam: { user: { id: string } }, text: string) {
  const room = (await call(t.app, 'POST', '/api/app/room', { ids: [sam.user.id] }, maya.token)).json().chatRoom._id;
  const sent = await call(t.app, 'POST', '/api/app/message', { user: sam.user.id, room, message: text }, maya.token);
  expect(sent.statusCode).toBe(200);
}

/**
 * What the every-minute dispatcher does, run now, then until no push is being sent: the app's own
 * schedule runs the same job and may have taken a notification first.
 */
async function dispatchPushes() {
  await sendPendingNotificationPushes(t.app.ctx);
  for (;;) {
    const busy = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(inArray(notifications.pushState, ['pending', 'sending']));
    if (busy.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const notesOf = (userId: string) => t.db.select().from(notifications).where(eq(notifications.userId, userId));
const deviceRow = async (endpoint: string) =>
  (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

describe('Web Push over the real protocol', () => {
  it("delivers a direct message to the member's device encrypted with aes128gcm and signed with the instance's VAPID key", async () => {
    const { maya, sam } = await pair();
    const { endpoint, keys, settings } = await subscribe(sam.token);
    expect(settings.devices).toEqual([expect.objectContaining({ label: 'Chrome on Android', thisDevice: true })]);

    await mayaWritesTo(maya, sam, 'Are you joining tomorrow?');
    const [note] = await notesOf(sam.user.id);
    expect(note).toMatchObject({ type: 'message', pushState: 'pending' });

    await dispatchPushes();
    const [request, ...more] = push.to(endpoint);
    expect(more).toEqual([]);
    expect(request!.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      ttl: '86400',
      urgency: 'high',
    });

    // the browser's side: decrypt with its private key and auth secret
    const payload = JSON.parse(decryptPush(request!.body, keys));
    expect(payload).toEqual({
      title: 'New message',
      body: 'New message from Maya.',
      url: `/messages?with=${maya.user.id}`,
      tag: `message:/messages?with=${maya.user.id}`,
    });
    // no more than the notification shows: the message's own text is not in it
    expect(JSON.stringify(payload)).not.toContain('joining');

    // VAPID: signed with the key GET push/key gives browsers, for this push service, by this site
    const vapid = verifyVapid(request!.headers.authorization);
    expect(vapid.valid).toBe(true);
    expect(vapid.header).toEqual({ typ: 'JWT', alg: 'ES256' });
    const key = (await call(t.app, 'GET', '/api/push/key')).json().publicKey;
    expect(vapid.publicKey).toBe(key);
    expect(vapid.claims.aud).toBe(push.origin);
    expect(vapid.claims.sub).toBe('mailto:no-reply@tend.test');
    const nowSeconds = Date.now() / 1000;
    expect(vapid.claims.exp).toBeGreaterThan(nowSeconds);
    expect(vapid.claims.exp).toBeLessThanOrEqual(nowSeconds + 24 * 60 * 60);

    // a signature by another key does not verify
    const forged = request!.headers.authorization!.replace(/k=[\w-]+$/, `k=${browserSubscriptionKeys().p256dh}`);
    expect(verifyVapid(forged).valid).toBe(false);

    const [after] = await notesOf(sam.user.id);
    expect(after).toMatchObject({ pushState: 'delivered' });
    expect(after!.pushDeliveredAt).toBeInstanceOf(Date);
    expect((await deviceRow(endpoint))!.lastUsedAt).toBeInstanceOf(Date);
    // taken once: a second run finds nothing to send
    await dispatchPushes();
    expect(push.to(endpoint)).toHaveLength(1);
  });

  it('sends a notification once when two dispatchers race (two instances)', async () => {
    const { maya, sam } = await pair();
    const { endpoint } = await subscribe(sam.token);
    await mayaWritesTo(maya, sam, 'Once only');
    await Promise.all([sendPendingNotificationPushes(t.app.ctx), sendPendingNotificationPushes(t.app.ctx)]);
    await dispatchPushes();
    expect(push.to(endpoint)).toHaveLength(1);
  });

  it('keeps one VAPID key pair for the instance set, generated once into server_secrets', async () => {
    const first = (await call(t.app, 'GET', '/api/push/key')).json().publicKey;
    expect(first).toMatch(/^[\w-]{87}$/);
    expect((await call(t.app, 'GET', '/api/push/key')).json().publicKey).toBe(first);
    const [row] = await t.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'vapid_keys'));
    expect(JSON.parse(row!.value)).toEqual({ publicKey: first, privateKey: expect.stringMatching(/^[\w-]{43}$/) });
  });

  it('deletes a subscription whose push service answers 410 Gone, and one answering 404, and keeps the others', async () => {
    const { maya, sam } = await pair();
    const gone = await subscribe(sam.token);
    const { token: phone } = await signInAgain(sam.user.id);
    const missing = await subscribe(phone);
    const { token: laptop } = await signInAgain(sam.user.id);
    const working = await subscribe(laptop);
    push.answer(gone.endpoint, 410);
    push.answer(missing.endpoint, 404);

    await mayaWritesTo(maya, sam, 'Hello');
    await dispatchPushes();
    expect(push.to(gone.endpoint)).toHaveLength(1);
    expect(push.to(missing.endpoint)).toHaveLength(1);
    expect(await deviceRow(gone.endpoint)).toBeUndefined();
    expect(await deviceRow(missing.endpoint)).toBeUndefined();
    expect(await deviceRow(working.endpoint)).toBeDefined();
    const devices = (await call(t.app, 'GET', '/api/app/push', undefined, laptop)).json().devices;
    expect(devices).toHaveLength(1);
  });

  it('a 410 on the only device settles the push as failed, so the mail is not held back', async () => {
    const { maya, sam } = await pair();
    const only = await subscribe(sam.token);
    push.answer(only.endpoint, 410);
    await mayaWritesTo(maya, sam, 'Hello again');
    await dispatchPushes();
    expect(await deviceRow(only.endpoint)).toBeUndefined();
    const [note] = await notesOf(sam.user.id);
    expect(note).toMatchObject({ pushState: 'failed', pushDeliveredAt: null, mailPending: true });
  });

  it('hands a device whose push service fails for now (5xx) to the job runner, which retries it until it takes it', async () => {
    const { maya, sam } = await pair();
    const flaky = await subscribe(sam.token);
    push.answer(flaky.endpoint, 503);
    await mayaWritesTo(maya, sam, 'Are you there?');
    await dispatchPushes();
    const [note] = await notesOf(sam.user.id);
    expect(note).toMatchObject({ pushState: 'retrying' });
    expect(await deviceRow(flaky.endpoint)).toBeDefined();

    // the retry job, keyed by the notification
    const job = await t.app.ctx.jobs.getJob(PUSH_RETRY_JOB, jobIdForKey(PUSH_RETRY_JOB, `notification:${note!.id}`));
    expect(job).not.toBeNull();
    const data = job!.data as RetryJob;
    expect(data).toMatchObject({ notificationId: note!.id, subscriptionIds: [(await deviceRow(flaky.endpoint))!.id] });

    // a try while it still fails throws, which the runner turns into a retry with backoff
    await expect(retryPush(t.app.ctx, data)).rejects.toThrow(/did not take it yet/);
    push.answer(flaky.endpoint, 201);
    expect(await retryPush(t.app.ctx, data)).toMatchObject({ delivered: 1 });
    const [after] = await notesOf(sam.user.id);
    expect(after).toMatchObject({ pushState: 'delivered' });
    // a try again after that (a kill before the runner recorded it) sends nothing twice
    const before = push.to(flaky.endpoint).length;
    expect(await retryPush(t.app.ctx, data)).toMatchObject({ delivered: 1 });
    expect(push.to(flaky.endpoint)).toHaveLength(before);
  });
});

/** Another sign-in session of the same account (another device). */
const signInAgain = async (userId: string) => ({ token: await createSession(t.db, userId) });
