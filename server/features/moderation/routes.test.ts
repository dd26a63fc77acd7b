import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRISIS_RESOURCES_UNSET } from '../../../common/moderation/schemas';
import { moderationActions, moderationCases, notifications, posts } from '../../db/schema';
import { call, startSecondInstance, startTestApp, type TestApp } from '../../test/harness';
import { moderationScene, postIn, report } from './testing';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('who may see the queue, act and appoint (through the API)', () => {
  it('every role against a post in the group', async () => {
    const s = await moderationScene(t);
    expect((await report(t, s.member, 'post', s.post)).statusCode).toBe(200);
    const [kase] = await t.db.select().from(moderationCases).where(eq(moderationCases.targetId, s.post));
    const roles = {
      member: s.member,
      author: s.author,
      moderator: s.moderator,
      otherModerator: s.otherModerator,
      owner: s.owner,
      facilitator: s.facilitator,
      admin: s.admin,
    };
    const seen: Record<string, number[]> = {};
    for (const [role, who] of Object.entries(roles)) {
      const queue = await call(t.app, 'GET', `/api/app/group/${s.group.id}/moderation`, undefined, who.token);
      const site = await call(t.app, 'GET', '/api/app/moderation', undefined, who.token);
      const moderators = await call(t.app, 'GET', `/api/app/group/${s.group.id}/moderators`, undefined, who.token);
      // an appointment that changes nothing (the moderator is already one) shows the right
      const appoint = await call(
        t.app,
        'POST',
        `/api/app/group/${s.group.id}/moderators`,
        { userId: s.moderator.user.id },
        who.token,
      );
      // 'warn' leaves the item for the next role; every allowed act closes nothing for the others
      const act = await call(
        t.app,
        'POST',
        `/api/app/moderation/case/${kase!.id}/action`,
        { action: 'warn', reason: `check by ${role}` },
        who.token,
      );
      const suspend = await call(
        t.app,
        'POST',
        `/api/app/moderation/case/${kase!.id}/action`,
        { action: 'suspend', reason: 'x' },
        who.token,
      );
      seen[role] = [queue, site, moderators, appoint, act].map((r) => Number(r.statusCode === 200));
      seen[role]!.push(Number(suspend.statusCode !== 403 && suspend.statusCode !== 404));
    }
    // biome-ignore format: the table reads best aligned
    expect(seen).toEqual({
      //               queue site moderators appoint act suspend
      member:         [0,    0,   0,         0,      0,  0],
      author:         [0,    0,   0,         0,      0,  0],
      moderator:      [1,    0,   1,         0,      1,  0],
      otherModerator: [0,    0,   0,         0,      0,  0],
      owner:          [1,    0,   1,         1,      1,  0],
      facilitator:    [1,    0,   1,         1,      1,  0],
      admin:          [1,    1,   1,         1,      1,  1],
    });
  });

  it('a moderator refused gets a machine-readable code', async () => {
    const s = await moderationScene(t);
    const res = await call(t.app, 'GET', `/api/app/group/${s.group.id}/moderation`, undefined, s.member.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('not_a_moderator');
    const appoint = await call(
      t.app,
      'POST',
      `/api/app/group/${s.group.id}/moderators`,
      { userId: s.admin.user.id },
      s.owner.token,
    );
    expect(appoint.json().error).toBe('moderator_must_be_member');
  });

  it('direct messages and profiles are admins only: a group moderator cannot see or act on them', async () => {
    const s = await moderationScene(t);
    expect((await report(t, s.member, 'user', s.author.user.id, 'harassment')).statusCode).toBe(200);
    const [kase] = await t.db
      .select()
      .from(moderationCases)
      .where(and(eq(moderationCases.targetId, s.author.user.id), eq(moderationCases.targetType, 'user')));
    const mod = await call(
      t.app,
      'POST',
      `/api/app/moderation/case/${kase!.id}/action`,
      { action: 'warn', reason: 'r' },
      s.moderator.token,
    );
    expect(mod.statusCode).toBe(404);
    const admin = await call(
      t.app,
      'POST',
      `/api/app/moderation/case/${kase!.id}/action`,
      { action: 'warn', reason: 'Be kind' },
      s.admin.token,
    );
    expect(admin.statusCode).toBe(200);
    expect(admin.json().item.status).toBe('closed');
  });
});

describe('reports', () => {
  it('one report per member and item: a second answers 409 already_reported; your own is refused', async () => {
    const s = await moderationScene(t);
    const first = await report(t, s.member, 'post', s.post);
    expect(first.json()).toMatchObject({ message: "Thanks, we'll look at this.", crisisResources: null });
    const again = await report(t, s.member, 'post', s.post);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('already_reported');
    expect((await report(t, s.author, 'post', s.post)).json().error).toBe('cannot_report_own');
    expect((await report(t, s.member, 'post', s.post, 'other')).json().error).toBe('note_required_for_other');
  });

  it('a report of something the member cannot see is 404', async () => {
    const s = await moderationScene(t);
    const hiddenPost = await postIn(t, s.otherModerator, s.otherGroup.id, 'elsewhere');
    const res = await report(t, s.member, 'post', hiddenPost);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('report_target_not_found');
  });

  it('self-harm answers with the crisis text: the admin’s, or a note to set it', async () => {
    const s = await moderationScene(t);
    const unset = await report(t, s.member, 'post', s.post, 'self_harm');
    expect(unset.json().crisisResources).toBe(CRISIS_RESOURCES_UNSET);
    const site = (await call(t.app, 'GET', '/api/admin/site', undefined, s.admin.token)).json();
    const { updatedAt: _u, ...form } = site;
    const saved = await call(
      t.app,
      'POST',
      '/api/admin/site',
      { ...form, crisisResources: 'Call 988.' },
      s.admin.token,
    );
    expect(saved.statusCode).toBe(200);
    const set = await report(t, s.reporter2, 'post', s.post, 'self_harm');
    expect(set.json().crisisResources).toBe('Call 988.');
    await call(t.app, 'POST', '/api/admin/site', { ...form, crisisResources: '' }, s.admin.token);
  });

  it('three members reporting at once, through two instances, hide the post exactly once, with one queue item', async () => {
    const s = await moderationScene(t);
    const second = await startSecondInstance(t);
    const answers = await Promise.all([
      report(t, s.member, 'post', s.post),
      call(
        second.app,
        'POST',
        '/api/app/report',
        { targetType: 'post', targetId: s.post, reason: 'spam' },
        s.reporter2.token,
      ),
      report(t, s.reporter3, 'post', s.post),
    ]);
    await second.close();
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const cases = await t.db.select().from(moderationCases).where(eq(moderationCases.targetId, s.post));
    expect(cases).toHaveLength(1);
    const hides = await t.db
      .select()
      .from(moderationActions)
      .where(and(eq(moderationActions.targetId, s.post), eq(moderationActions.action, 'auto_hide')));
    expect(hides).toHaveLength(1);
    const [row] = await t.db.select().from(posts).where(eq(posts.id, s.post));
    expect(row!.hiddenAt).not.toBeNull();
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.author.user.id), eq(notifications.type, 'moderation')));
    expect(told).toHaveLength(1);

    // hidden from the other members, shown (marked hidden) to its author and the moderator
    const feedOf = async (token: string) =>
      (await call(t.app, 'GET', `/api/app/get-group-posts/${s.group.id}`, undefined, token)).json().posts as {
        _id: string;
        hidden?: boolean;
      }[];
    expect((await feedOf(s.member.token)).map((p) => p._id)).not.toContain(s.post);
    expect((await feedOf(s.author.token)).find((p) => p._id === s.post)?.hidden).toBe(true);
    expect((await feedOf(s.moderator.token)).find((p) => p._id === s.post)?.hidden).toBe(true);
    expect((await call(t.app, 'GET', `/api/app/view-post/${s.post}`, undefined, s.member.token)).statusCode).toBe(404);
  });
});

describe('actions', () => {
  it('a moderator hides a post with a reason: logged, reports closed, reporter and author told', async () => {
    const s = await moderationScene(t);
    await report(t, s.member, 'post', s.post, 'harassment', 'rude');
    const queue = (
      await call(t.app, 'GET', `/api/app/group/${s.group.id}/moderation`, undefined, s.moderator.token)
    ).json();
    const item = queue.items[0];
    expect(item).toMatchObject({
      targetType: 'post',
      text: 'A post someone will report',
      group: { name: 'Quiet Pond' },
    });
    expect(item.reports).toHaveLength(1);
    expect(item.author.posts).toBe(1);
    const missing = await call(
      t.app,
      'POST',
      `/api/app/moderation/case/${item._id}/action`,
      { action: 'hide', reason: '' },
      s.moderator.token,
    );
    expect(missing.statusCode).toBe(400);
    const res = await call(
      t.app,
      'POST',
      `/api/app/moderation/case/${item._id}/action`,
      { action: 'hide', reason: 'Personal attack' },
      s.moderator.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().item).toMatchObject({ status: 'closed', hidden: true });
    const after = (
      await call(t.app, 'GET', `/api/app/group/${s.group.id}/moderation`, undefined, s.owner.token)
    ).json();
    expect(after.items).toHaveLength(0);
    expect(after.log[0]).toMatchObject({
      action: 'hide',
      reason: 'Personal attack',
      actor: { _id: s.moderator.user.id },
    });
    const mine = (await call(t.app, 'GET', '/api/app/notifications', undefined, s.member.token)).json();
    expect(mine[0].message).toContain('a moderator hid it');
    const authors = (await call(t.app, 'GET', '/api/app/notifications', undefined, s.author.token)).json();
    expect(authors[0].message).toContain('Personal attack');
  });

  it('a muted member cannot post or comment in the group: 403 muted_in_group', async () => {
    const s = await moderationScene(t);
    await report(t, s.member, 'post', s.post);
    const [kase] = await t.db.select().from(moderationCases).where(eq(moderationCases.targetId, s.post));
    const res = await call(
      t.app,
      'POST',
      `/api/app/moderation/case/${kase!.id}/action`,
      { action: 'mute', reason: 'Cool off', days: 7 },
      s.moderator.token,
    );
    expect(res.statusCode).toBe(200);
    const post = await call(t.app, 'POST', '/api/app/post', { text: 'again', group: s.group.id }, s.author.token);
    expect(post.statusCode).toBe(403);
    expect(post.json().error).toBe('muted_in_group');
    const comment = await call(
      t.app,
      'POST',
      `/api/app/create-comment/${s.post}`,
      { commentText: 'hi' },
      s.author.token,
    );
    expect(comment.json().error).toBe('muted_in_group');
    // elsewhere they still post
    expect((await call(t.app, 'POST', '/api/app/post', { text: 'feed' }, s.author.token)).statusCode).toBe(200);
  });

  it('a warning is shown until the member acknowledges it', async () => {
    const s = await moderationScene(t);
    await report(t, s.member, 'post', s.post);
    const [kase] = await t.db.select().from(moderationCases).where(eq(moderationCases.targetId, s.post));
    await call(
      t.app,
      'POST',
      `/api/app/moderation/case/${kase!.id}/action`,
      { action: 'warn', reason: 'Keep it kind' },
      s.owner.token,
    );
    const me = (await call(t.app, 'GET', '/api/app/moderation/me', undefined, s.author.token)).json();
    expect(me.warnings).toEqual([
      expect.objectContaining({ reason: 'Keep it kind', group: { _id: s.group.id, name: 'Quiet Pond' } }),
    ]);
    const other = await call(
      t.app,
      'POST',
      `/api/app/moderation/warnings/${me.warnings[0]._id}/acknowledge`,
      undefined,
      s.member.token,
    );
    expect(other.statusCode).toBe(404);
    await call(
      t.app,
      'POST',
      `/api/app/moderation/warnings/${me.warnings[0]._id}/acknowledge`,
      undefined,
      s.author.token,
    );
    expect((await call(t.app, 'GET', '/api/app/moderation/me', undefined, s.author.token)).json().warnings).toEqual([]);
    const exported = (await call(t.app, 'GET', '/api/app/account/export', undefined, s.author.token)).json();
    expect(exported.moderationWarnings).toHaveLength(1);
    const reporterExport = (await call(t.app, 'GET', '/api/app/account/export', undefined, s.member.token)).json();
    expect(reporterExport.reportsMade).toEqual([expect.objectContaining({ targetId: s.post, status: 'closed' })]);
  });

  it('an admin suspends the author: their sessions end and they cannot sign in', async () => {
    const s = await moderationScene(t);
    await report(t, s.member, 'post', s.post);
    const [kase] = await t.db.select().from(moderationCases).where(eq(moderationCases.targetId, s.post));
    const mod = await call(
      t.app,
      'POST',
      `/api/app/moderation/case/${kase!.id}/action`,
      { action: 'suspend', reason: 'Spam ring' },
      s.moderator.token,
    );
    expect(mod.statusCode).toBe(403);
    const res = await call(
      t.app,
      'POST',
      `/api/app/moderation/case/${kase!.id}/action`,
      { action: 'suspend', reason: 'Spam ring' },
      s.admin.token,
    );
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/app/notifications', undefined, s.author.token)).statusCode).toBe(401);
    const login = await call(t.app, 'POST', '/api/auth/login', {
      user: { email: s.author.user.email, password: s.author.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toBe('account_suspended');
  });
});
