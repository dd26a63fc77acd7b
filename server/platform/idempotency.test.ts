import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { comments, idempotencyKeys, posts } from '../db/schema';
import { buildFacilitator, buildTier, buildUser } from '../test/factories';
import { call, startTestApp, type TestApp } from '../test/harness';
import { deleteOldIdempotencyKeys } from './idempotency';
import { CLEANUPS } from './jobs/cleanups';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const engine = process.env.TEST_DB ?? 'pglite';

/** A signed-in JSON call with an optional Idempotency-Key. */
function send(token: string, method: 'GET' | 'POST', url: string, body?: object, key?: string) {
  const options: InjectOptions = {
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    ...(body === undefined ? {} : { payload: body }),
  };
  return t.app.inject(options);
}
const createPost = (token: string, body: object, key?: string) => send(token, 'POST', '/api/app/post', body, key);

const postsWithText = async (text: string) => (await t.db.select().from(posts).where(eq(posts.text, text))).length;
const keyRows = async (userId: string, key: string) =>
  t.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));

async function offerSession(token: string, price: number) {
  const start = new Date(Date.now() + 7 * 86_400_000);
  const body = {
    name: `Talk at ${price}`,
    price,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 3_600_000).toISOString(),
    meetingUrl: 'https://meet.example.com/x',
  };
  return (await call(t.app, 'POST', '/api/app/facilitator/sessions', body, token)).json() as { _id: string };
}

describe(`Idempotency-Key on writes a client may retry (${engine})`, () => {
  it('stores the same post once when it is sent twice with one key, and answers the first result again', async () => {
    const { token } = await buildUser(t.db);
    const first = await createPost(token, { text: 'retried once' }, 'post-key-1');
    const second = await createPost(token, { text: 'retried once' }, 'post-key-1');

    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.json()).toEqual(first.json());
    expect(await postsWithText('retried once')).toBe(1);
  });

  it('stores an answer the browser receives compressed (1 KB or more) and replays it, writing once', async () => {
    const { token } = await buildUser(t.db);
    const text = `a long reflection ${'breathe in, breathe out. '.repeat(60)}`.trim();
    const browserPost = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/app/post',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'long-post', 'accept-encoding': 'br' },
        payload: { text },
      });
    const first = await browserPost();
    expect([first.statusCode, first.headers['content-encoding']]).toEqual([200, 'br']);
    const second = await browserPost();
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await postsWithText(text)).toBe(1);
  });

  it('creates one post and one stored answer when 20 requests with one key race', async () => {
    const { user, token } = await buildUser(t.db);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => createPost(token, { text: 'twenty at once' }, 'race-key')),
    );

    expect(await postsWithText('twenty at once')).toBe(1);
    expect(await keyRows(user.id, 'race-key')).toHaveLength(1);
    const statuses = new Set(answers.map((a) => a.statusCode));
    expect([...statuses].every((s) => s === 200 || s === 409)).toBe(true);
    const done = answers.filter((a) => a.statusCode === 200);
    expect(done.filter((a) => a.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    for (const a of done) expect(a.json()).toEqual(done[0]!.json());
    for (const a of answers.filter((a) => a.statusCode === 409)) {
      expect(a.json()).toMatchObject({ error: 'request_in_progress' });
      expect(a.headers['retry-after']).toBe('1');
    }
    // the losers' retry gets the winner's answer
    const retry = await createPost(token, { text: 'twenty at once' }, 'race-key');
    expect(retry.json()).toEqual(done[0]!.json());
  });

  it('refuses the same key for another body, path or method with 422 and writes nothing', async () => {
    const { token } = await buildUser(t.db);
    expect((await createPost(token, { text: 'the first' }, 'reused')).statusCode).toBe(200);

    const otherBody = await createPost(token, { text: 'the second' }, 'reused');
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toMatchObject({ error: 'idempotency_key_reused', message: expect.any(String) });
    const post = (await createPost(token, { text: 'the first' }, 'reused')).json() as { _id: string };
    const comment = { commentText: 'the first' };
    const otherPath = await send(token, 'POST', `/api/app/create-comment/${post._id}`, comment, 'reused');
    expect(otherPath.statusCode).toBe(422);
    const tier = await buildTier(t.db, (await buildFacilitator(t.db)).user.id, { price: 5 });
    const otherMethod = await send(
      token,
      'GET',
      `/api/app/subscribe/${tier.id}/create-checkout-session`,
      undefined,
      'reused',
    );
    expect(otherMethod.statusCode).toBe(422);
    expect(await postsWithText('the second')).toBe(0);
    expect(await t.db.select().from(comments).where(eq(comments.postId, post._id))).toEqual([]);
  });

  it('reads the body with its keys in any order as the same request', async () => {
    const { token } = await buildUser(t.db);
    const first = await createPost(token, { text: 'ordered', group: null }, 'order-key');
    const again = await createPost(token, { group: null, text: 'ordered' }, 'order-key');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('behaves as before without a key: each request writes', async () => {
    const { token } = await buildUser(t.db);
    const a = await createPost(token, { text: 'no key' });
    const b = await createPost(token, { text: 'no key' });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(a.json()._id).not.toBe(b.json()._id);
    expect(await postsWithText('no key')).toBe(2);
  });

  it('keeps no refused answer: the client may fix the request and send it with the same key', async () => {
    const { user, token } = await buildUser(t.db);
    const refused = await createPost(token, { text: 'with media', media: 'missing.wav' }, 'fix-key');
    expect(refused.statusCode).toBe(400);
    expect(await keyRows(user.id, 'fix-key')).toEqual([]);

    const fixed = await createPost(token, { text: 'with media' }, 'fix-key');
    expect(fixed.statusCode).toBe(200);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect(await postsWithText('with media')).toBe(1);
  });

  it('refuses a key that is empty, too long or not printable ASCII with a clear 400', async () => {
    const { token } = await buildUser(t.db);
    for (const key of ['', 'k'.repeat(256), 'clé', 'tab\there']) {
      const res = await createPost(token, { text: 'bad key' }, key);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'invalid_idempotency_key',
        message: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
      });
    }
    expect((await createPost(token, { text: 'long key' }, 'k'.repeat(255))).statusCode).toBe(200);
    expect(await postsWithText('bad key')).toBe(0);
  });

  it('scopes keys per user: another member with the same key writes their own post', async () => {
    const a = await buildUser(t.db);
    const b = await buildUser(t.db);
    const first = await createPost(a.token, { text: 'shared key' }, 'same-for-both');
    const second = await createPost(b.token, { text: 'shared key' }, 'same-for-both');
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json()._id).not.toBe(first.json()._id);
    expect(await postsWithText('shared key')).toBe(2);
  });

  it('ignores the key when signed out (401) and on routes that do not opt in', async () => {
    const { token } = await buildUser(t.db);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/app/post',
      headers: { 'idempotency-key': 'x' },
      payload: { text: 'signed out' },
    });
    expect(signedOut.statusCode).toBe(401);
    const post = (await createPost(token, { text: 'edited twice' })).json() as { _id: string };
    const edits = [1, 2].map(() =>
      send(token, 'POST', `/api/app/edit-post/${post._id}`, { text: 'edited' }, 'edit-key'),
    );
    for (const res of await Promise.all(edits)) expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it('stores one comment for a retried comment', async () => {
    const { token } = await buildUser(t.db);
    const post = (await createPost(token, { text: 'comment here' })).json() as { _id: string };
    const url = `/api/app/create-comment/${post._id}`;
    const first = await send(token, 'POST', url, { commentText: 'once only' }, 'comment-key');
    const second = await send(token, 'POST', url, { commentText: 'once only' }, 'comment-key');
    expect(first.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await t.db.select().from(comments).where(eq(comments.postId, post._id))).toHaveLength(1);
  });

  it('answers a retried booking and checkouts (session and plan) with their first answer', async () => {
    const maya = await buildFacilitator(t.db);
    const sam = await buildUser(t.db);
    const free = await offerSession(maya.token, 0);
    const paid = await offerSession(maya.token, 20);
    const tier = await buildTier(t.db, maya.user.id, { price: 12 });
    const calls: Array<[method: 'GET' | 'POST', url: string, body?: object]> = [
      ['POST', '/api/app/book-free-session', { sessionId: free._id }],
      ['POST', '/api/app/session/create-checkout-session', { sessionId: paid._id }],
      ['GET', `/api/app/subscribe/${tier.id}/create-checkout-session`],
    ];
    for (const [method, url, body] of calls) {
      const first = await send(sam.token, method, url, body, `key ${url}`);
      const second = await send(sam.token, method, url, body, `key ${url}`);
      expect(first.statusCode, url).toBe(200);
      expect(second.headers['idempotent-replayed'], url).toBe('true');
      expect(second.json(), url).toEqual(first.json());
    }
  });

  it('answers 409 while the first request runs, and takes over a claim abandoned for a minute', async () => {
    const { user, token } = await buildUser(t.db);
    expect((await createPost(token, { text: 'abandoned' }, 'running')).statusCode).toBe(200);
    // as if that request were still running (or its server had been killed before it answered)
    const unanswered = and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, 'running'));
    await t.db.update(idempotencyKeys).set({ status: null, body: null }).where(unanswered);
    const busy = await createPost(token, { text: 'abandoned' }, 'running');
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ error: 'request_in_progress' });

    await t.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '61 seconds' where user_id = ${user.id}`,
    );
    const taken = await createPost(token, { text: 'abandoned' }, 'running');
    expect(taken.statusCode).toBe(200);
    expect(taken.headers['idempotent-replayed']).toBeUndefined();
    expect((await keyRows(user.id, 'running'))[0]).toMatchObject({ status: 200, body: taken.json() });
  });

  it('deletes answers older than 24 hours on the hourly clean-up and keeps the recent ones', async () => {
    const { user, token } = await buildUser(t.db);
    await createPost(token, { text: 'old answer' }, 'old');
    await createPost(token, { text: 'new answer' }, 'new');
    await t.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours'
          where user_id = ${user.id} and key = 'old'`,
    );
    const { idempotencyKeys: deleted } = await deleteOldIdempotencyKeys(t.db);
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(
      (await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id))).map((r) => r.key),
    ).toEqual(['new']);
    expect(CLEANUPS.map((c) => c.name)).toContain('cleanup-idempotency-keys');
  });

  it('describes the header on the routes that honour it in the API document', async () => {
    type Parameter = { in: string; name: string };
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
    };
    const headerOf = (path: string, method: string) =>
      doc.paths[path]?.[method]?.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key');
    expect(headerOf('/api/app/post', 'post')).toBe(true);
    expect(headerOf('/api/app/create-comment/{id}', 'post')).toBe(true);
    expect(headerOf('/api/app/book-free-session', 'post')).toBe(true);
    expect(headerOf('/api/app/session/create-checkout-session', 'post')).toBe(true);
    expect(headerOf('/api/app/subscribe/{tierId}/create-checkout-session', 'get')).toBe(true);
    expect(headerOf('/api/app/edit-post/{id}', 'post')).toBeFalsy();
  });
});
