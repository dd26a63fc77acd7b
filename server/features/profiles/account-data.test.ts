import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { posts, users } from '../../db/schema';
import {
  buildAdmin,
  buildContent,
  buildFacilitator,
  buildSubscription,
  buildTier,
  buildUser,
  TEST_PASSWORD,
} from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A facilitator and a member who have done a bit of everything together. */
async function busyPair() {
  const maya = await buildFacilitator(t.db, { name: 'Maya' });
  const tier = await buildTier(t.db, maya.user.id, { allowDirectMessaging: true });
  await buildContent(t.db, maya.user.id, [tier.id]);
  const sam = await buildUser(t.db, { name: 'Sam' });
  await buildSubscription(t.db, sam.user.id, tier.id);
  const group = (await call(t.app, 'POST', '/api/app/group/new', { name: 'Circle' }, maya.token)).json();
  await call(t.app, 'POST', `/api/app/join-group/${group._id}`, { text: '' }, sam.token);
  const post = (await call(t.app, 'POST', '/api/app/post', { text: 'my morning' }, sam.token)).json();
  await call(t.app, 'POST', `/api/app/create-comment/${post._id}`, { commentText: 'lovely' }, maya.token);
  await call(t.app, 'POST', `/api/app/create-comment/${post._id}`, { commentText: 'thanks' }, sam.token);
  const room = (await call(t.app, 'POST', '/api/app/room', { ids: [maya.user.id] }, sam.token)).json().chatRoom._id;
  await call(t.app, 'POST', '/api/app/message', { user: maya.user.id, room, message: 'hello' }, sam.token);
  const start = new Date(Date.now() + 3 * 86_400_000);
  const session = (
    await call(
      t.app,
      'POST',
      '/api/app/facilitator/sessions',
      {
        name: 'Talk',
        price: 0,
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 3_600_000).toISOString(),
        meetingUrl: 'https://meet.example.com/x',
      },
      maya.token,
    )
  ).json();
  await call(t.app, 'POST', '/api/app/book-free-session', { sessionId: session._id }, sam.token);
  return { maya, sam, post, session };
}

describe('my account data', () => {
  it('exports my profile, posts, comments, subscriptions, messages and bookings as a JSON file', async () => {
    const { sam } = await busyPair();
    const res = await call(t.app, 'GET', '/api/app/account/export', undefined, sam.token);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="tend-.+\.json"/);
    const data = res.json();
    expect(data.profile).toMatchObject({ name: 'Sam', email: sam.user.email });
    expect(data.posts.map((p: { text: string }) => p.text)).toEqual(['my morning']);
    expect(data.comments.map((c: { text: string }) => c.text)).toEqual(['thanks']);
    expect(data.subscriptions).toHaveLength(1);
    expect(data.messages.map((m: { text: string }) => m.text)).toEqual(['hello']);
    expect(data.bookedSessions.map((s: { name: string }) => s.name)).toEqual(['Talk']);
    expect(JSON.stringify(data)).not.toContain('password');
    expect((await call(t.app, 'GET', '/api/app/account/export')).statusCode).toBe(401);
  });

  it('deletes a member with their posts and messages; the session they booked opens again; their sessions end', async () => {
    const { maya, sam, post, session } = await busyPair();
    expect(
      (await call(t.app, 'POST', '/api/app/account/delete', { password: 'wrong-password' }, sam.token)).statusCode,
    ).toBe(400);
    const deleted = await call(t.app, 'POST', '/api/app/account/delete', { password: TEST_PASSWORD }, sam.token);
    expect(deleted.json()).toEqual({ deleted: true });
    expect(await t.db.select().from(users).where(eq(users.id, sam.user.id))).toEqual([]);
    expect(await t.db.select().from(posts).where(eq(posts.id, post._id))).toEqual([]);
    expect((await call(t.app, 'GET', '/api/app/profile', undefined, sam.token)).statusCode).toBe(401);
    const week = `from=${new Date().toISOString()}&to=${new Date(Date.now() + 7 * 86_400_000).toISOString()}`;
    expect(
      (await call(t.app, 'GET', `/api/app/facilitator/own/sessions?${week}`, undefined, maya.token))
        .json()
        .find((s: { _id: string }) => s._id === session._id),
    ).toMatchObject({ isBooked: false });
    expect((await call(t.app, 'GET', '/api/app/room', undefined, maya.token)).json().contacts).toEqual([]);
  });

  it('deletes a facilitator with free subscribers, and refuses one with paying subscribers and admins', async () => {
    const { maya } = await busyPair();
    expect(
      (await call(t.app, 'POST', '/api/app/account/delete', { password: TEST_PASSWORD }, maya.token)).json(),
    ).toEqual({ deleted: true });

    const leo = await buildFacilitator(t.db);
    const paid = await buildTier(t.db, leo.user.id, { price: 12 });
    const payer = await buildUser(t.db);
    await buildSubscription(t.db, payer.user.id, paid.id, {
      provider: 'test',
      providerSubscriptionId: `sub_test_${payer.user.id.slice(0, 8)}`,
      priceCents: 1200,
    });
    const refused = await call(t.app, 'POST', '/api/app/account/delete', { password: TEST_PASSWORD }, leo.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('has_paying_subscribers');
    const admin = await buildAdmin(t.db);
    expect(
      (await call(t.app, 'POST', '/api/app/account/delete', { password: TEST_PASSWORD }, admin.token)).statusCode,
    ).toBe(403);
  });
});
