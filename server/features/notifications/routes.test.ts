import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { notify } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('notifications', () => {
  it('lists only my notifications, newest first, with every field the API answers', async () => {
    const me = await buildUser(t.db);
    const other = await buildUser(t.db);
    // distinct creation times: notifications made within one millisecond would fall back to the id order
    const at = Date.now() - 60_000;
    await notify(t.db, {
      userId: me.user.id,
      type: 'comment',
      message: 'First',
      link: '/feed',
      createdAt: new Date(at),
    });
    await notify(t.db, {
      userId: other.user.id,
      type: 'comment',
      message: 'Not mine',
      link: '/feed',
      createdAt: new Date(at + 1000),
    });
    await notify(t.db, {
      userId: me.user.id,
      type: 'comment',
      message: 'Second',
      link: '/post/1',
      createdAt: new Date(at + 2000),
    });

    const res = await call(t.app, 'GET', '/api/app/notifications', undefined, me.token);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((n: { message: string }) => n.message)).toEqual(['Second', 'First']);
    expect(list[0]).toEqual({
      _id: expect.any(String),
      message: 'Second',
      link: '/post/1',
      viewed: false,
      createdAt: expect.any(String),
    });
  });

  it('pages with a keyset cursor', async () => {
    const me = await buildUser(t.db);
    // two share a millisecond: the id breaks the tie and nothing is skipped or repeated
    const at = Date.now() - 60_000;
    const times = [at, at + 1000, at + 2000, at + 2000, at + 3000];
    await notify(
      t.db,
      times.map((ms, i) => ({
        userId: me.user.id,
        type: 'comment',
        message: `n${i}`,
        link: '/',
        createdAt: new Date(ms),
      })),
    );
    const seen: { _id: string; message: string; createdAt: string }[] = [];
    let query = 'limit=2';
    for (let page = 0; page < 4; page++) {
      const res = await call(t.app, 'GET', `/api/app/notifications?${query}`, undefined, me.token);
      seen.push(...res.json());
      const next = res.headers['next-cursor'];
      if (typeof next !== 'string') break;
      query = `limit=2&cursor=${encodeURIComponent(next)}`;
    }
    const messages = seen.map((n) => n.message);
    expect(messages).toHaveLength(5);
    expect(new Set(messages).size).toBe(5);
    expect(messages[0]).toBe('n4');
    expect(messages.slice(1, 3).sort()).toEqual(['n2', 'n3']);
    expect(messages.slice(3)).toEqual(['n1', 'n0']);
  });

  it('view-all marks every one of mine viewed and no one else’s', async () => {
    const me = await buildUser(t.db);
    const other = await buildUser(t.db);
    await notify(t.db, [
      { userId: me.user.id, type: 'comment', message: 'a', link: '/' },
      { userId: other.user.id, type: 'comment', message: 'b', link: '/' },
    ]);
    expect((await call(t.app, 'GET', '/api/app/notifications/view-all', undefined, me.token)).statusCode).toBe(200);
    expect(
      (await call(t.app, 'GET', '/api/app/notifications', undefined, me.token))
        .json()
        .every((n: { viewed: boolean }) => n.viewed),
    ).toBe(true);
    expect((await call(t.app, 'GET', '/api/app/notifications', undefined, other.token)).json()[0].viewed).toBe(false);
  });

  it('view/{id} marks one; someone else’s is 404 and stays unviewed', async () => {
    const me = await buildUser(t.db);
    const other = await buildUser(t.db);
    await notify(t.db, { userId: other.user.id, type: 'comment', message: 'theirs', link: '/' });
    const theirs = (await call(t.app, 'GET', '/api/app/notifications', undefined, other.token)).json()[0];
    expect(
      (await call(t.app, 'GET', `/api/app/notifications/view/${theirs._id}`, undefined, me.token)).statusCode,
    ).toBe(404);
    expect((await call(t.app, 'GET', '/api/app/notifications', undefined, other.token)).json()[0].viewed).toBe(false);
    expect(
      (await call(t.app, 'GET', `/api/app/notifications/view/${theirs._id}`, undefined, other.token)).statusCode,
    ).toBe(200);
    expect((await call(t.app, 'GET', '/api/app/notifications', undefined, other.token)).json()[0].viewed).toBe(true);
  });

  it('refuses visitors with 401 and a malformed id with 400', async () => {
    for (const url of [
      '/api/app/notifications',
      '/api/app/notifications/view-all',
      '/api/app/notifications/view/00000000-0000-0000-0000-000000000000',
    ]) {
      expect((await call(t.app, 'GET', url)).statusCode).toBe(401);
    }
    const { token } = await buildUser(t.db);
    expect((await call(t.app, 'GET', '/api/app/notifications/view/not-an-id', undefined, token)).statusCode).toBe(400);
  });
});
