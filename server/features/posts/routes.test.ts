import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { posts } from '../../db/schema';
import { buildFacilitator, buildGroup, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { multipart, wavTone } from '../../test/media';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (token: string, body: Record<string, unknown>) => call(t.app, 'POST', '/api/app/post', body, token);

describe('posting to the inspiration feed', () => {
  it('creates a post with author, counts and every field the API answers', async () => {
    const { user, token } = await buildUser(t.db, { name: 'Sam' });
    const res = await post(token, { text: 'Sat for ten minutes <b>today</b>' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { _id: user.id, name: 'Sam', isFacilitator: false },
      text: 'Sat for ten minutes <b>today</b>',
      media: null,
      photos: [],
      hits: 0,
      hearts: [],
      comments: 0,
      group: null,
    });
  });

  it('refuses an empty post and media that is not mine', async () => {
    const { token } = await buildUser(t.db);
    expect((await post(token, { text: '   ' })).statusCode).toBe(400);
    const other = await buildUser(t.db);
    const body = await multipart({}, { name: 'a.wav', bytes: wavTone(0.2) });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/app/upload',
      headers: { ...body.headers, authorization: `Bearer ${other.token}` },
      payload: body.payload,
    });
    expect((await post(token, { text: 'x', media: upload.json().url })).statusCode).toBe(403);
    expect((await post(token, { text: 'x', media: 'missing.wav' })).statusCode).toBe(400);
  });

  it('pages the feed newest first with a keyset cursor, no post twice', async () => {
    const { token } = await buildUser(t.db);
    for (let i = 0; i < 5; i++) await post(token, { text: `feed-${i}` });
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 10; page++) {
      const res = (
        await call(t.app, 'GET', `/api/app/inspiration?limit=2${cursor ? `&cursor=${cursor}` : ''}`, undefined, token)
      ).json();
      seen.push(...res.posts.map((p: { text: string }) => p.text));
      if (!res.next) break;
      cursor = res.next;
    }
    const mine = seen.filter((s) => s.startsWith('feed-'));
    expect(mine).toEqual(['feed-4', 'feed-3', 'feed-2', 'feed-1', 'feed-0']);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('keeps group discussions out of the inspiration feed and away from non-members', async () => {
    const owner = await buildFacilitator(t.db);
    const group = await buildGroup(t.db, owner.user.id);
    const inGroup = await post(owner.token, { text: 'circle only', group: group.id });
    expect(inGroup.statusCode).toBe(200);
    const stranger = await buildUser(t.db);
    const feed = (await call(t.app, 'GET', '/api/app/inspiration?limit=50', undefined, stranger.token)).json();
    expect(feed.posts.map((p: { text: string }) => p.text)).not.toContain('circle only');
    expect(
      (await call(t.app, 'GET', `/api/app/view-post/${inGroup.json()._id}`, undefined, stranger.token)).statusCode,
    ).toBe(404);
    expect((await post(stranger.token, { text: 'let me in', group: group.id })).statusCode).toBe(403);
  });

  it('refuses visitors', async () => {
    expect((await call(t.app, 'GET', '/api/app/inspiration')).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/app/post', { text: 'x' })).statusCode).toBe(401);
  });
});

describe('comments, hits and hearts', () => {
  it('comments in order and tells the author; the author commenting is not news', async () => {
    const author = await buildUser(t.db, { name: 'Author' });
    const reader = await buildUser(t.db, { name: 'Reader' });
    const id = (await post(author.token, { text: 'hello' })).json()._id;
    await call(t.app, 'POST', `/api/app/create-comment/${id}`, { commentText: 'Lovely' }, reader.token);
    await call(t.app, 'POST', `/api/app/create-comment/${id}`, { commentText: 'Thank you' }, author.token);
    expect(
      (await call(t.app, 'POST', `/api/app/create-comment/${id}`, { commentText: '  ' }, reader.token)).statusCode,
    ).toBe(400);
    const view = (await call(t.app, 'GET', `/api/app/view-post/${id}`, undefined, reader.token)).json();
    expect(view.comments.map((c: { text: string }) => c.text)).toEqual(['Lovely', 'Thank you']);
    expect(view.post.comments).toBe(2);
    const notes = (await call(t.app, 'GET', '/api/app/notifications', undefined, author.token)).json();
    expect(notes.map((n: { message: string; link: string }) => [n.message, n.link])).toEqual([
      ['Reader commented on your post.', `/post/${id}`],
    ]);
  });

  it('toggles a heart per person and notifies the author once, not once per toggle', async () => {
    const author = await buildUser(t.db);
    const fan = await buildUser(t.db, { name: 'Fan' });
    const id = (await post(author.token, { text: 'heart me' })).json()._id;
    const heart = () => call(t.app, 'GET', `/api/app/post/${id}/heart`, undefined, fan.token);
    expect((await heart()).json()).toEqual({ hearts: [fan.user.id], hearted: true });
    expect((await heart()).json()).toEqual({ hearts: [], hearted: false });
    expect((await heart()).json()).toEqual({ hearts: [fan.user.id], hearted: true });
    const notes = (await call(t.app, 'GET', '/api/app/notifications', undefined, author.token)).json();
    expect(notes.filter((n: { message: string }) => n.message === 'Fan hearted your post.')).toHaveLength(1);
  });

  it('counts hits', async () => {
    const { token } = await buildUser(t.db);
    const id = (await post(token, { text: 'hit' })).json()._id;
    await call(t.app, 'GET', `/api/app/increase-post-hits/${id}`, undefined, token);
    expect((await call(t.app, 'GET', `/api/app/increase-post-hits/${id}`, undefined, token)).json()).toEqual({
      hits: 2,
    });
  });
});

describe('removing a post', () => {
  it('is for the author only (403 for others, the post stays)', async () => {
    const author = await buildUser(t.db);
    const other = await buildUser(t.db);
    const id = (await post(author.token, { text: 'mine' })).json()._id;
    expect((await call(t.app, 'DELETE', `/api/app/get-posts/${id}`, undefined, other.token)).statusCode).toBe(403);
    expect(await t.db.select().from(posts).where(eq(posts.id, id))).toHaveLength(1);
    expect((await call(t.app, 'DELETE', `/api/app/get-posts/${id}`, undefined, author.token)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/app/view-post/${id}`, undefined, author.token)).statusCode).toBe(404);
  });
});

describe('post media', () => {
  it('is served to anyone who can see the post', async () => {
    const author = await buildUser(t.db);
    const body = await multipart({}, { name: 'a.wav', bytes: wavTone(0.2) });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/app/upload',
      headers: { ...body.headers, authorization: `Bearer ${author.token}` },
      payload: body.payload,
    });
    const key = upload.json().url;
    const reader = await buildUser(t.db);
    expect((await call(t.app, 'GET', `/api/app/get-signed-url/${key}`, undefined, reader.token)).statusCode).toBe(403);
    expect((await post(author.token, { text: 'listen', media: key })).json().mediaType).toBe('audio');
    expect((await call(t.app, 'GET', `/api/app/get-signed-url/${key}`, undefined, reader.token)).statusCode).toBe(200);
  });
});
