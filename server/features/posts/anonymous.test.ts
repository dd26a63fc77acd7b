import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_AUTHOR } from '../../../common/posts/schemas';
import { memberships } from '../../db/schema';
import { buildAdmin, buildGroup, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('anonymous posts (a group with allowAnonymous)', () => {
  it('are refused outside such a group', async () => {
    const owner = await buildUser(t.db);
    const closed = await buildGroup(t.db, owner.user.id, { allowAnonymous: false });
    await t.db.insert(memberships).values({ groupId: closed.id, userId: owner.user.id, status: 'approved' });
    for (const body of [
      { text: 'hi', anonymous: true },
      { text: 'hi', anonymous: true, group: closed.id },
    ]) {
      const res = await call(t.app, 'POST', '/api/app/post', body, owner.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This group does not allow anonymous posts.');
    }
  });

  it("hide the author's name from other members and from name searches, not from the author or admins", async () => {
    const owner = await buildUser(t.db);
    const writer = await buildUser(t.db, { name: 'Wren Quietly' });
    const reader = await buildUser(t.db);
    const admin = await buildAdmin(t.db);
    const group = await buildGroup(t.db, owner.user.id, { allowAnonymous: true });
    await t.db
      .insert(memberships)
      .values(
        [owner, writer, reader].map((m) => ({ groupId: group.id, userId: m.user.id, status: 'approved' as const })),
      );

    const created = await call(
      t.app,
      'POST',
      '/api/app/post',
      { text: 'I find mornings hard', group: group.id, anonymous: true },
      writer.token,
    );
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ anonymous: true, user: { _id: writer.user.id, name: 'Wren Quietly' } });
    const postId = created.json()._id;

    const seenBy = async (token: string) =>
      (await call(t.app, 'GET', `/api/app/get-group-posts/${group.id}`, undefined, token)).json().posts[0].user;
    expect(await seenBy(reader.token)).toEqual(ANONYMOUS_AUTHOR);
    expect(await seenBy(owner.token)).toEqual(ANONYMOUS_AUTHOR);
    expect((await seenBy(writer.token))._id).toBe(writer.user.id);
    expect((await seenBy(admin.token))._id).toBe(writer.user.id);
    expect(
      (await call(t.app, 'GET', `/api/app/view-post/${postId}`, undefined, reader.token)).json().post.user,
    ).toEqual(ANONYMOUS_AUTHOR);

    const search = async (q: string) =>
      (
        await call(
          t.app,
          'GET',
          `/api/app/get-group-posts/${group.id}?search=${encodeURIComponent(q)}`,
          undefined,
          reader.token,
        )
      ).json().posts;
    expect(await search('Wren')).toEqual([]);
    expect((await search('mornings')).map((p: { _id: string }) => p._id)).toEqual([postId]);

    // a post with the name on is unchanged
    await call(t.app, 'POST', '/api/app/post', { text: 'Named', group: group.id }, writer.token);
    expect(await seenBy(reader.token)).toMatchObject({ _id: writer.user.id, name: 'Wren Quietly' });
  });

  it('keep the author anonymous when they comment or reply on their own post', async () => {
    const owner = await buildUser(t.db);
    const writer = await buildUser(t.db, { name: 'Wren Quietly' });
    const reader = await buildUser(t.db, { name: 'Reed' });
    const admin = await buildAdmin(t.db);
    const group = await buildGroup(t.db, owner.user.id, { allowAnonymous: true });
    await t.db
      .insert(memberships)
      .values(
        [owner, writer, reader].map((m) => ({ groupId: group.id, userId: m.user.id, status: 'approved' as const })),
      );
    const postId = (
      await call(
        t.app,
        'POST',
        '/api/app/post',
        { text: 'Hard mornings', group: group.id, anonymous: true },
        writer.token,
      )
    ).json()._id;
    const question = (
      await call(t.app, 'POST', `/api/app/create-comment/${postId}`, { commentText: 'What helps?' }, reader.token)
    ).json();
    await call(
      t.app,
      'POST',
      `/api/app/create-comment/${postId}`,
      { commentText: 'Slow breathing', replyTo: question._id },
      writer.token,
    );

    const commentsSeenBy = async (token: string) =>
      (await call(t.app, 'GET', `/api/app/view-post/${postId}`, undefined, token))
        .json()
        .comments.map((c: { user: { name: string } }) => c.user.name);
    expect(await commentsSeenBy(reader.token)).toEqual(['Reed', ANONYMOUS_AUTHOR.name]);
    expect(await commentsSeenBy(writer.token)).toEqual(['Reed', 'Wren Quietly']);
    expect(await commentsSeenBy(admin.token)).toEqual(['Reed', 'Wren Quietly']);
    const notes = (await call(t.app, 'GET', '/api/app/notifications', undefined, reader.token)).json();
    expect(notes[0].message).toBe(`${ANONYMOUS_AUTHOR.name} replied to your comment.`);
    expect(JSON.stringify(notes)).not.toContain('Wren');
  });
});
