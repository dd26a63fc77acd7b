import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const createGroup = async (token: string, body: Record<string, unknown>) =>
  (await call(t.app, 'POST', '/api/app/group/new', { name: 'Circle', ...body }, token)).json();
const post = async (token: string, group: string, text: string) => {
  const res = await call(t.app, 'POST', '/api/app/post', { text, group }, token);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const groupPosts = (token: string | undefined, id: string, query = '') =>
  call(t.app, 'GET', `/api/app/get-group-posts/${id}${query}`, undefined, token);

describe('GET app/get-group-posts/{id}', () => {
  it("pages a group's discussion newest first and leaves other groups' posts out", async () => {
    const owner = await buildUser(t.db);
    const group = await createGroup(owner.token, {});
    const other = await createGroup(owner.token, { name: 'Other' });
    for (let i = 1; i <= 5; i++) await post(owner.token, group._id, `sit ${i}`);
    await post(owner.token, other._id, 'elsewhere');

    const first = (await groupPosts(owner.token, group._id, '?limit=3')).json();
    expect(first.posts.map((p: { text: string }) => p.text)).toEqual(['sit 5', 'sit 4', 'sit 3']);
    expect(first.posts[0]).toMatchObject({ group: group._id, comments: 0, hearts: [] });
    const second = (await groupPosts(owner.token, group._id, `?limit=3&cursor=${first.next}`)).json();
    expect(second.posts.map((p: { text: string }) => p.text)).toEqual(['sit 2', 'sit 1']);
    expect(second.next).toBeNull();
  });

  it('searches text and author name literally and case-insensitively', async () => {
    const owner = await buildUser(t.db, { name: 'Ruth Calm' });
    const group = await createGroup(owner.token, {});
    await post(owner.token, group._id, 'Breathing 100% today');
    await post(owner.token, group._id, 'Walking_meditation at dusk');
    const texts = async (search: string) =>
      (await groupPosts(owner.token, group._id, `?search=${encodeURIComponent(search)}`))
        .json()
        .posts.map((p: { text: string }) => p.text);
    expect(await texts('BREATHING')).toEqual(['Breathing 100% today']);
    expect(await texts('100%')).toEqual(['Breathing 100% today']);
    expect(await texts('g_m')).toEqual(['Walking_meditation at dusk']);
    expect(await texts('%')).toEqual(['Breathing 100% today']);
    expect(await texts('W.*k')).toEqual([]);
    expect(await texts('ruth')).toHaveLength(2);
  });

  it('is for approved members, the owner and admins only', async () => {
    const owner = await buildUser(t.db);
    const group = await createGroup(owner.token, { isPrivate: true });
    await post(owner.token, group._id, 'inside');
    const asker = await buildUser(t.db);
    // a non-member, then a member whose request is still pending: refused
    expect((await groupPosts(asker.token, group._id)).statusCode).toBe(403);
    await call(t.app, 'POST', `/api/app/join-group/${group._id}`, { text: 'May I?' }, asker.token);
    expect((await groupPosts(asker.token, group._id)).statusCode).toBe(403);
    const [request] = (
      await call(t.app, 'GET', `/api/app/membership-requests/${group._id}`, undefined, owner.token)
    ).json();
    await call(t.app, 'POST', `/api/app/update-request/${request._id}`, { status: 'approved' }, owner.token);
    expect((await groupPosts(asker.token, group._id)).json().posts).toHaveLength(1);
    const admin = await buildAdmin(t.db);
    expect((await groupPosts(admin.token, group._id)).statusCode).toBe(200);
    expect((await groupPosts(undefined, group._id)).statusCode).toBe(401);
  });

  it("treats a hidden group as missing for strangers and refuses open groups' discussion to non-members", async () => {
    const owner = await buildUser(t.db);
    const hidden = await createGroup(owner.token, { isHidden: true });
    const open = await createGroup(owner.token, {});
    const stranger = await buildUser(t.db);
    expect((await groupPosts(stranger.token, hidden._id)).statusCode).toBe(404);
    expect((await groupPosts(stranger.token, open._id)).statusCode).toBe(403);
    expect((await groupPosts(stranger.token, open._id, '?limit=0')).statusCode).toBe(400);
    expect((await groupPosts(stranger.token, 'not-an-id')).statusCode).toBe(400);
  });
});
