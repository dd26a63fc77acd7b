import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, comments, posts } from '../../db/schema';
import { buildAdmin, buildFacilitator, buildGroup, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function postWithComments() {
  const owner = await buildUser(t.db);
  const group = await buildGroup(t.db, owner.user.id);
  const [post] = await t.db
    .insert(posts)
    .values({ userId: owner.user.id, groupId: group.id, text: 'A walk' })
    .returning();
  const [rude] = await t.db
    .insert(comments)
    .values({ postId: post!.id, userId: owner.user.id, text: 'rude words' })
    .returning();
  const [reply] = await t.db
    .insert(comments)
    .values({ postId: post!.id, userId: owner.user.id, text: 'a reply', parentId: rude!.id })
    .returning();
  const [kind] = await t.db
    .insert(comments)
    .values({ postId: post!.id, userId: owner.user.id, text: 'kind words' })
    .returning();
  return { owner, post: post!, rude: rude!, reply: reply!, kind: kind! };
}

const commentCount = async (postId: string) =>
  (await t.db.select().from(posts).where(eq(posts.id, postId)))[0]!.commentCount;

describe('DELETE admin/comment/{id}', () => {
  it('lets an admin delete one comment (with its replies), writes an audit row, and leaves the rest of the post', async () => {
    const admin = await buildAdmin(t.db);
    const { post, rude, reply, kind } = await postWithComments();
    expect(await commentCount(post.id)).toBe(3);

    const res = await call(t.app, 'DELETE', `/api/admin/comment/${rude.id}`, undefined, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true });

    const left = await t.db.select().from(comments).where(eq(comments.postId, post.id));
    expect(left.map((c) => c.id)).toEqual([kind.id]);
    expect(left.some((c) => c.id === reply.id)).toBe(false);
    expect(await commentCount(post.id)).toBe(1);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'comment'), eq(auditLog.targetId, rude.id)));
    expect(entry).toMatchObject({
      adminId: admin.user.id,
      action: 'delete',
      details: { post: post.id, text: 'rude words', replies: 1 },
    });
    // the admin's post screen no longer lists it
    const shown = (await call(t.app, 'GET', `/api/admin/post/${post.id}`, undefined, admin.token)).json();
    expect(shown.comments.map((c: { _id: string }) => c._id)).toEqual([kind.id]);
  });

  it('answers 404 for a comment that is not there', async () => {
    const admin = await buildAdmin(t.db);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call(t.app, 'DELETE', `/api/admin/comment/${missing}`, undefined, admin.token)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', '/api/admin/comment/not-an-id', undefined, admin.token)).statusCode).toBe(400);
  });

  it('refuses visitors (401), members, facilitators and even the comment author (403), deleting nothing', async () => {
    const { owner, rude } = await postWithComments();
    const facilitator = await buildFacilitator(t.db);
    const url = `/api/admin/comment/${rude.id}`;
    expect((await call(t.app, 'DELETE', url)).statusCode).toBe(401);
    expect((await call(t.app, 'DELETE', url, undefined, owner.token)).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', url, undefined, facilitator.token)).statusCode).toBe(403);
    expect(await t.db.select().from(comments).where(eq(comments.id, rude.id))).toHaveLength(1);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, rude.id))).toEqual([]);
  });
});
