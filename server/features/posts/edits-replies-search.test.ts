import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { comments, notifications, posts } from '../../db/schema';
import { buildFacilitator, buildGroup, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (token: string, body: Record<string, unknown>) => call(t.app, 'POST', '/api/app/post', body, token);
const comment = (token: string, postId: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', `/api/app/create-comment/${postId}`, body, token);
const noticesOf = (userId: string) => t.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('POST app/edit-post/{id}', () => {
  it('walks 401, 400, 404, 403, then lets the author change the text, marked edited', async () => {
    const author = await buildUser(t.db);
    const other = await buildUser(t.db);
    const created = (await post(author.token, { text: 'first words' })).json();
    expect(created.edited).toBe(false);

    expect((await call(t.app, 'POST', `/api/app/edit-post/${created._id}`, { text: 'x' })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', `/api/app/edit-post/${created._id}`, { text: 7 }, author.token)).statusCode).toBe(
      400,
    );
    expect(
      (await call(t.app, 'POST', `/api/app/edit-post/${crypto.randomUUID()}`, { text: 'x' }, author.token)).statusCode,
    ).toBe(404);
    const refused = await call(t.app, 'POST', `/api/app/edit-post/${created._id}`, { text: 'not mine' }, other.token);
    expect(refused.statusCode).toBe(403);
    // an empty text leaves a post with nothing in it
    expect(
      (await call(t.app, 'POST', `/api/app/edit-post/${created._id}`, { text: '  ' }, author.token)).statusCode,
    ).toBe(400);
    const [unchanged] = await t.db.select().from(posts).where(eq(posts.id, created._id));
    expect(unchanged!.text).toBe('first words');

    const res = await call(t.app, 'POST', `/api/app/edit-post/${created._id}`, { text: 'better words' }, author.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: created._id,
      text: 'better words',
      edited: true,
      postedDate: created.postedDate,
    });
    const view = (await call(t.app, 'GET', `/api/app/view-post/${created._id}`, undefined, other.token)).json();
    expect(view.post).toMatchObject({ text: 'better words', edited: true });
  });

  it('keeps a group post from outsiders (404) and lets a photo post lose its text', async () => {
    const owner = await buildFacilitator(t.db);
    const group = await buildGroup(t.db, owner.user.id, { isPrivate: true });
    const created = (await post(owner.token, { text: 'inside', group: group.id })).json();
    const outsider = await buildUser(t.db);
    expect(
      (await call(t.app, 'POST', `/api/app/edit-post/${created._id}`, { text: 'x' }, outsider.token)).statusCode,
    ).toBe(404);

    const photo = (await post(owner.token, { text: 'caption', photos: ['a.jpg'] })).json();
    const res = await call(t.app, 'POST', `/api/app/edit-post/${photo._id}`, { text: '' }, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ text: '', photos: ['a.jpg'], edited: true });
  });
});

describe('POST app/edit-comment/{id}', () => {
  it('walks 401, 400, 404, 403, then lets the author change the comment, marked edited', async () => {
    const author = await buildUser(t.db);
    const commenter = await buildUser(t.db);
    const created = (await post(author.token, { text: 'a post' })).json();
    const mine = (await comment(commenter.token, created._id, { commentText: 'nice one' })).json();
    expect(mine.edited).toBe(false);
    const url = `/api/app/edit-comment/${mine._id}`;

    expect((await call(t.app, 'POST', url, { commentText: 'x' })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', url, { commentText: '   ' }, commenter.token)).statusCode).toBe(400);
    expect(
      (await call(t.app, 'POST', `/api/app/edit-comment/${crypto.randomUUID()}`, { commentText: 'x' }, commenter.token))
        .statusCode,
    ).toBe(404);
    // the post's author may not rewrite someone else's comment either
    expect((await call(t.app, 'POST', url, { commentText: 'rewritten' }, author.token)).statusCode).toBe(403);
    const [unchanged] = await t.db.select().from(comments).where(eq(comments.id, mine._id));
    expect(unchanged!.text).toBe('nice one');

    const res = await call(t.app, 'POST', url, { commentText: 'really nice one' }, commenter.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: mine._id, text: 'really nice one', edited: true, parent: null });
    const view = (await call(t.app, 'GET', `/api/app/view-post/${created._id}`, undefined, author.token)).json();
    expect(view.comments).toEqual([expect.objectContaining({ text: 'really nice one', edited: true })]);
  });
});

describe('replies: POST app/create-comment/{id} {commentText, replyTo}', () => {
  it('threads a reply under the comment and tells the person answered', async () => {
    const author = await buildUser(t.db, { name: 'Avery' });
    const first = await buildUser(t.db, { name: 'Blake' });
    const replier = await buildUser(t.db, { name: 'Casey' });
    const created = (await post(author.token, { text: 'a question' })).json();
    const top = (await comment(first.token, created._id, { commentText: 'an answer' })).json();

    const reply = await comment(replier.token, created._id, { commentText: 'I agree', replyTo: top._id });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ text: 'I agree', parent: top._id, user: { _id: replier.user.id } });

    const toFirst = await noticesOf(first.user.id);
    expect(toFirst).toEqual([
      expect.objectContaining({ message: 'Casey replied to your comment.', link: `/post/${created._id}` }),
    ]);
    const toAuthor = (await noticesOf(author.user.id)).map((n) => n.message).sort();
    expect(toAuthor).toEqual(['Blake commented on your post.', 'Casey commented on your post.']);

    // one level: a reply to the reply joins the same thread and tells the one it answers
    const deeper = (
      await comment(first.token, created._id, { commentText: 'thanks', replyTo: reply.json()._id })
    ).json();
    expect(deeper.parent).toBe(top._id);
    expect((await noticesOf(replier.user.id)).map((n) => n.message)).toEqual(['Blake replied to your comment.']);

    const view = (await call(t.app, 'GET', `/api/app/view-post/${created._id}`, undefined, author.token)).json();
    expect(view.comments.map((c: { text: string; parent: string | null }) => [c.text, c.parent])).toEqual([
      ['an answer', null],
      ['I agree', top._id],
      ['thanks', top._id],
    ]);
    expect(view.post.comments).toBe(3);
  });

  it('tells the post author once when the reply answers their own comment; nobody about their own reply', async () => {
    const author = await buildUser(t.db, { name: 'Drew' });
    const replier = await buildUser(t.db, { name: 'Emery' });
    const created = (await post(author.token, { text: 'q' })).json();
    const own = (await comment(author.token, created._id, { commentText: 'more context' })).json();
    await comment(replier.token, created._id, { commentText: 'got it', replyTo: own._id });
    expect((await noticesOf(author.user.id)).map((n) => n.message)).toEqual(['Emery replied to your comment.']);
    await comment(replier.token, created._id, { commentText: 'and more', replyTo: own._id });
    await comment(author.token, created._id, { commentText: 'self', replyTo: own._id });
    expect((await noticesOf(author.user.id)).length).toBe(2);
  });

  it('refuses a reply to a comment of another post (400) or a missing one', async () => {
    const { token } = await buildUser(t.db);
    const a = (await post(token, { text: 'a' })).json();
    const b = (await post(token, { text: 'b' })).json();
    const onA = (await comment(token, a._id, { commentText: 'on a' })).json();
    expect((await comment(token, b._id, { commentText: 'x', replyTo: onA._id })).statusCode).toBe(400);
    expect((await comment(token, b._id, { commentText: 'x', replyTo: crypto.randomUUID() })).statusCode).toBe(400);
    expect((await comment(token, b._id, { commentText: 'x', replyTo: 'nope' })).statusCode).toBe(400);
    const onB = await t.db
      .select()
      .from(comments)
      .where(and(eq(comments.postId, b._id)));
    expect(onB).toEqual([]);
  });
});

describe('photos: up to 4 per post', () => {
  it('keeps 4 photos in order and refuses 5 with 400', async () => {
    const { token } = await buildUser(t.db);
    const four = ['1.jpg', '2.jpg', '3.jpg', '4.jpg'];
    const ok = await post(token, { text: '', photos: four });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().photos).toEqual(four);
    const five = await post(token, { text: 'five', photos: [...four, '5.jpg'] });
    expect(five.statusCode).toBe(400);
    expect(JSON.stringify(five.json())).toContain('up to 4 photos');
    expect((await t.db.select().from(posts).where(eq(posts.text, 'five'))).length).toBe(0);
  });
});

describe('GET app/search-posts?q=', () => {
  it('walks 401 and 400, then finds feed posts by text, any case, literally, keyset-paged', async () => {
    expect((await call(t.app, 'GET', '/api/app/search-posts?q=x')).statusCode).toBe(401);
    const { token } = await buildUser(t.db);
    expect((await call(t.app, 'GET', '/api/app/search-posts?q=', undefined, token)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/app/search-posts?q=${'a'.repeat(101)}`, undefined, token)).statusCode).toBe(
      400,
    );

    const owner = await buildFacilitator(t.db);
    const group = await buildGroup(t.db, owner.user.id);
    for (let i = 0; i < 5; i++) await post(token, { text: `Quiet Lake number ${i}` });
    await post(token, { text: 'nothing to see' });
    await post(token, { text: '100% quiet lake' });
    await post(owner.token, { text: 'quiet lake in a group', group: group.id });

    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 10; page++) {
      const res = await call(
        t.app,
        'GET',
        `/api/app/search-posts?q=QUIET%20lake&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        undefined,
        token,
      );
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().posts.map((p: { text: string }) => p.text));
      if (!res.json().next) break;
      cursor = res.json().next;
    }
    expect(seen).toEqual(['100% quiet lake', ...[4, 3, 2, 1, 0].map((i) => `Quiet Lake number ${i}`)]);

    // % and _ match themselves
    const percent = (
      await call(t.app, 'GET', `/api/app/search-posts?q=${encodeURIComponent('100%')}`, undefined, token)
    ).json();
    expect(percent.posts.map((p: { text: string }) => p.text)).toEqual(['100% quiet lake']);
    const underscore = (await call(t.app, 'GET', '/api/app/search-posts?q=quiet_lake', undefined, token)).json();
    expect(underscore.posts).toEqual([]);
  });
});
