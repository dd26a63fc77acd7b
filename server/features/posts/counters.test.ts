import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { comments, postHearts, posts, users } from '../../db/schema';
import { buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const countsOf = async (postId: string) =>
  (
    await t.db
      .select({ hearts: posts.heartCount, comments: posts.commentCount })
      .from(posts)
      .where(eq(posts.id, postId))
  )[0];

describe("a post's heart and comment counters (migration 0013 triggers)", () => {
  it('follow hearts and comments through the API, bulk inserts and account deletion cascades', async () => {
    const author = await buildUser(t.db);
    const [fan, other] = [await buildUser(t.db), await buildUser(t.db)];
    const post = (await call(t.app, 'POST', '/api/app/post', { text: 'Counting breaths' }, author.token)).json();

    await call(t.app, 'GET', `/api/app/post/${post._id}/heart`, undefined, fan.token);
    await call(t.app, 'GET', `/api/app/post/${post._id}/heart`, undefined, other.token);
    await call(t.app, 'POST', `/api/app/create-comment/${post._id}`, { commentText: 'Lovely' }, fan.token);
    expect(await countsOf(post._id)).toEqual({ hearts: 2, comments: 1 });

    // a heart toggled off, and rows added in one statement
    await call(t.app, 'GET', `/api/app/post/${post._id}/heart`, undefined, other.token);
    await t.db.insert(comments).values([
      { postId: post._id, userId: other.user.id, text: 'a' },
      { postId: post._id, userId: other.user.id, text: 'b' },
    ]);
    expect(await countsOf(post._id)).toEqual({ hearts: 1, comments: 3 });

    // deleting an account takes its hearts and comments, and the counters with them
    await t.db.delete(users).where(eq(users.id, fan.user.id));
    expect(await countsOf(post._id)).toEqual({ hearts: 0, comments: 2 });
    expect(await t.db.select().from(postHearts).where(eq(postHearts.postId, post._id))).toEqual([]);

    // and the feed reads the kept count
    const feed = (await call(t.app, 'GET', '/api/app/inspiration?limit=50', undefined, author.token)).json();
    expect(feed.posts.find((p: { _id: string }) => p._id === post._id).comments).toBe(2);
  });

  it('follow a comment or heart moved to another post, and a truncated table', async () => {
    const author = await buildUser(t.db);
    const fan = await buildUser(t.db);
    const [a] = await t.db.insert(posts).values({ userId: author.user.id, text: 'a' }).returning();
    const [b] = await t.db.insert(posts).values({ userId: author.user.id, text: 'b' }).returning();
    const [c] = await t.db.insert(comments).values({ postId: a!.id, userId: fan.user.id, text: 'moving' }).returning();
    await t.db.insert(postHearts).values({ postId: a!.id, userId: fan.user.id });
    await t.db.update(comments).set({ postId: b!.id }).where(eq(comments.id, c!.id));
    await t.db.update(postHearts).set({ postId: b!.id }).where(eq(postHearts.postId, a!.id));
    // an edit that moves nothing changes nothing
    await t.db.update(comments).set({ text: 'edited' }).where(eq(comments.id, c!.id));
    expect(await countsOf(a!.id)).toEqual({ hearts: 0, comments: 0 });
    expect(await countsOf(b!.id)).toEqual({ hearts: 1, comments: 1 });
  });
});
