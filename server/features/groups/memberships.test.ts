import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tags } from '../../db/schema';
import { buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const createGroup = async (token: string, body: Record<string, unknown>) => {
  const res = await call(t.app, 'POST', '/api/app/group/new', { name: 'Circle', ...body }, token);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const join = (token: string, id: string, text = '') =>
  call(t.app, 'POST', `/api/app/join-group/${id}`, { text }, token);

describe('communities', () => {
  it('any member creates one and is its first member', async () => {
    const { user, token } = await buildUser(t.db);
    const group = await createGroup(token, { description: 'Evening sits', memberCap: 50 });
    expect(group).toMatchObject({
      owner: { _id: user.id },
      members: 1,
      isOwner: true,
      membershipStatus: 'approved',
      memberCap: 50,
      isFull: false,
    });
    const mine = (await call(t.app, 'GET', '/api/app/group?tab=mine', undefined, token)).json();
    expect(mine.map((g: { _id: string }) => g._id)).toContain(group._id);
  });

  it('Explore hides hidden groups and my own, and searches name, tag and description literally', async () => {
    const owner = await buildUser(t.db);
    const [tag] = await t.db.insert(tags).values({ text: 'Breath_work 100%' }).returning();
    const visible = await createGroup(owner.token, {
      name: 'Sunrise Sitters',
      description: 'We sit at 6am',
      tags: [tag!.id],
    });
    const hidden = await createGroup(owner.token, { name: 'Secret Sunrise', isHidden: true });
    const me = await buildUser(t.db);
    const explore = async (search?: string) =>
      (
        await call(
          t.app,
          'GET',
          `/api/app/group${search === undefined ? '' : `?search=${encodeURIComponent(search)}`}`,
          undefined,
          me.token,
        )
      )
        .json()
        .map((g: { _id: string }) => g._id);
    expect(await explore()).toContain(visible._id);
    expect(await explore()).not.toContain(hidden._id);
    expect(await explore('SUNRISE')).toEqual([visible._id]);
    expect(await explore('6AM')).toEqual([visible._id]);
    expect(await explore('100%')).toEqual([visible._id]);
    expect(await explore('th_w')).toEqual([visible._id]);
    expect(await explore('%')).toEqual([visible._id]);
    expect(await explore('S_nrise')).toEqual([]);
    expect(await explore('.*')).toEqual([]);
    // the owner does not see their own group in Explore; a hidden group is 404 to strangers
    expect(
      (await call(t.app, 'GET', '/api/app/group', undefined, owner.token)).json().map((g: { _id: string }) => g._id),
    ).not.toContain(visible._id);
    expect(
      (await call(t.app, 'GET', `/api/app/group-display-data/${hidden._id}`, undefined, me.token)).statusCode,
    ).toBe(404);
  });

  it('an open group is joined at once and leaves Explore; the owner cannot leave', async () => {
    const owner = await buildUser(t.db);
    const group = await createGroup(owner.token, {});
    const me = await buildUser(t.db);
    expect((await join(me.token, group._id)).json().status).toBe('approved');
    expect(
      (await call(t.app, 'GET', '/api/app/group', undefined, me.token)).json().map((g: { _id: string }) => g._id),
    ).not.toContain(group._id);
    const details = (await call(t.app, 'GET', `/api/app/group-details/${group._id}`, undefined, me.token)).json();
    expect(details).toMatchObject({ memberCount: 2, groupOwner: { _id: owner.user.id } });
    expect(details.members).toHaveLength(2);
    const ownerLeaves = await call(t.app, 'DELETE', `/api/app/leave-group/${group._id}`, undefined, owner.token);
    expect(ownerLeaves.statusCode).toBe(400);
    expect(ownerLeaves.json()).toMatchObject({
      error: 'owner_cannot_leave',
      message: 'The owner cannot leave the group.',
    });
    expect((await call(t.app, 'DELETE', `/api/app/leave-group/${group._id}`, undefined, me.token)).statusCode).toBe(
      200,
    );
  });

  it('a private group takes a request: the owner approves or rejects it and the member hears back', async () => {
    const owner = await buildUser(t.db, { name: 'Host' });
    const group = await createGroup(owner.token, { name: 'Private Circle', isPrivate: true });
    const asker = await buildUser(t.db, { name: 'Asker' });
    expect((await join(asker.token, group._id, 'I sit daily')).json().status).toBe('pending');
    expect((await call(t.app, 'GET', `/api/app/group-details/${group._id}`, undefined, asker.token)).statusCode).toBe(
      404,
    );
    const requests = (
      await call(t.app, 'GET', `/api/app/membership-requests/${group._id}`, undefined, owner.token)
    ).json();
    expect(requests).toEqual([
      {
        _id: expect.any(String),
        user: { _id: asker.user.id, name: 'Asker', email: asker.user.email },
        status: 'pending',
        requestText: 'I sit daily',
      },
    ]);
    expect((await call(t.app, 'GET', '/api/app/notifications', undefined, owner.token)).json()[0].message).toBe(
      'Asker asked to join Private Circle.',
    );

    const stranger = await buildUser(t.db);
    expect(
      (await call(t.app, 'POST', `/api/app/update-request/${requests[0]._id}`, { status: 'approved' }, stranger.token))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'GET', `/api/app/membership-requests/${group._id}`, undefined, stranger.token)).statusCode,
    ).toBe(403);

    expect(
      (
        await call(t.app, 'POST', `/api/app/update-request/${requests[0]._id}`, { status: 'approved' }, owner.token)
      ).json().status,
    ).toBe('approved');
    expect((await call(t.app, 'GET', '/api/app/notifications', undefined, asker.token)).json()[0].message).toBe(
      'Your request to join Private Circle was approved.',
    );
    // Remove: approved -> rejected, final
    expect(
      (
        await call(t.app, 'POST', `/api/app/update-request/${requests[0]._id}`, { status: 'rejected' }, owner.token)
      ).json().status,
    ).toBe('rejected');
    expect((await join(asker.token, group._id)).statusCode).toBe(403);
  });

  it("keeps a private group's discussion from non-members", async () => {
    const owner = await buildUser(t.db);
    const group = await createGroup(owner.token, { isPrivate: true });
    const post = (await call(t.app, 'POST', '/api/app/post', { text: 'inside', group: group._id }, owner.token)).json();
    const asker = await buildUser(t.db);
    expect((await call(t.app, 'GET', `/api/app/view-post/${post._id}`, undefined, asker.token)).statusCode).toBe(404);
    await join(asker.token, group._id);
    const [request] = (
      await call(t.app, 'GET', `/api/app/membership-requests/${group._id}`, undefined, owner.token)
    ).json();
    await call(t.app, 'POST', `/api/app/update-request/${request._id}`, { status: 'approved' }, owner.token);
    expect((await call(t.app, 'GET', `/api/app/view-post/${post._id}`, undefined, asker.token)).statusCode).toBe(200);
  });

  it('a full group refuses to join with the product text, and ten parallel joins for the last seat: exactly one wins', async () => {
    const owner = await buildUser(t.db);
    const group = await createGroup(owner.token, { memberCap: 2 });
    const joiners = await Promise.all(Array.from({ length: 10 }, () => buildUser(t.db)));
    const results = await Promise.all(joiners.map((j) => join(j.token, group._id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({
      error: 'group_full',
      message: 'This group is currently full.',
    });
    const shown = (await call(t.app, 'GET', `/api/app/group-display-data/${group._id}`, undefined, owner.token)).json();
    expect(shown).toMatchObject({ members: 2, isFull: true });
    // and a latecomer after the race is refused the same way
    expect((await join((await buildUser(t.db)).token, group._id)).json()).toMatchObject({
      error: 'group_full',
      message: 'This group is currently full.',
    });
  });

  it('approving pending requests in parallel never goes past the cap', async () => {
    const owner = await buildUser(t.db);
    const group = await createGroup(owner.token, { isPrivate: true, memberCap: 3 });
    const askers = await Promise.all(Array.from({ length: 6 }, () => buildUser(t.db)));
    for (const a of askers) expect((await join(a.token, group._id, 'please')).json().status).toBe('pending');
    const requests = (
      await call(t.app, 'GET', `/api/app/membership-requests/${group._id}`, undefined, owner.token)
    ).json();
    const results = await Promise.all(
      requests.map((r: { _id: string }) =>
        call(t.app, 'POST', `/api/app/update-request/${r._id}`, { status: 'approved' }, owner.token),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(
      (await call(t.app, 'GET', `/api/app/group-display-data/${group._id}`, undefined, owner.token)).json(),
    ).toMatchObject({ members: 3, isFull: true });
  });

  it('only the owner edits a group', async () => {
    const owner = await buildUser(t.db);
    const group = await createGroup(owner.token, {});
    const other = await buildUser(t.db);
    expect((await call(t.app, 'POST', `/api/app/group/${group._id}`, { name: 'Taken' }, other.token)).statusCode).toBe(
      403,
    );
    expect(
      (await call(t.app, 'POST', `/api/app/group/${group._id}`, { name: 'Renamed' }, owner.token)).json().name,
    ).toBe('Renamed');
  });

  it('lists tags and refuses visitors', async () => {
    const { token } = await buildUser(t.db);
    expect((await call(t.app, 'GET', '/api/app/tags', undefined, token)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/app/tags')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/app/group')).statusCode).toBe(401);
  });
});

describe('deciding a request at the same time', () => {
  it('20 simultaneous approvals approve once and tell the member once', async () => {
    const owner = await buildUser(t.db, { name: 'Owner' });
    const asker = await buildUser(t.db, { name: 'Asker' });
    const group = await createGroup(owner.token, { name: 'Busy Circle', isPrivate: true });
    await join(asker.token, group._id, 'please');
    const [request] = (
      await call(t.app, 'GET', `/api/app/membership-requests/${group._id}`, undefined, owner.token)
    ).json();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t.app, 'POST', `/api/app/update-request/${request._id}`, { status: 'approved' }, owner.token),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const notices = (await call(t.app, 'GET', '/api/app/notifications', undefined, asker.token)).json();
    expect(notices.filter((n: { message: string }) => n.message.includes('was approved'))).toHaveLength(1);
  });
});
