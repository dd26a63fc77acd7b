import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import { BLOCKS_ERRORS } from '../../../common/blocks/errors';
import { buildAdmin, buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { liveClient } from '../../test/live-client';
import { notify } from '../notifications/service';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const block = (token: string, id: string) => call(t.app, 'POST', `/api/app/block/${id}`, undefined, token);
const unblock = (token: string, id: string) => call(t.app, 'DELETE', `/api/app/block/${id}`, undefined, token);
const post = async (token: string, text: string) =>
  (await call(t.app, 'POST', '/api/app/post', { text }, token)).json() as { _id: string };
const feed = async (token: string) =>
  (await call(t.app, 'GET', '/api/app/inspiration?limit=50', undefined, token)).json().posts as Array<{
    _id: string;
    authorBlocked?: true;
  }>;
const notices = async (token: string) =>
  (await call(t.app, 'GET', '/api/app/notifications', undefined, token)).json() as Array<{ message: string }>;

/** A facilitator with a direct-messaging tier, a member subscribed to it, and the room they share. */
async function talkingPair() {
  const maya = await buildFacilitator(t.db, { name: 'Maya' });
  const tier = await buildTier(t.db, maya.user.id, { allowDirectMessaging: true });
  const sam = await buildUser(t.db, { name: 'Sam' });
  await buildSubscription(t.db, sam.user.id, tier.id);
  const room = (await call(t.app, 'POST', '/api/app/room', { ids: [maya.user.id] }, sam.token)).json().chatRoom
    ._id as string;
  return { maya, sam, room, tier };
}

describe('blocking and unblocking', () => {
  it('a member blocks and unblocks another, once in the database, and lists whom they block', async () => {
    const sam = await buildUser(t.db, { name: 'Sam' });
    const lee = await buildUser(t.db, { name: 'Lee' });
    expect((await block(sam.token, lee.user.id)).json()).toEqual({ user: lee.user.id, blocked: true });
    // twice is still one block
    expect((await block(sam.token, lee.user.id)).statusCode).toBe(200);
    const list = (await call(t.app, 'GET', '/api/app/blocks', undefined, sam.token)).json().blocked;
    expect(list).toEqual([
      { _id: lee.user.id, name: 'Lee', profilePicture: null, isFacilitator: false, blockedAt: expect.any(String) },
    ]);
    expect((await call(t.app, 'GET', `/api/app/block/${lee.user.id}`, undefined, sam.token)).json().blocked).toBe(true);
    // Lee's own view says nothing of Sam's block
    expect((await call(t.app, 'GET', '/api/app/blocks', undefined, lee.token)).json().blocked).toEqual([]);
    expect((await call(t.app, 'GET', `/api/app/block/${sam.user.id}`, undefined, lee.token)).json().blocked).toBe(
      false,
    );
    expect((await unblock(sam.token, lee.user.id)).json()).toEqual({ user: lee.user.id, blocked: false });
    expect((await call(t.app, 'GET', '/api/app/blocks', undefined, sam.token)).json().blocked).toEqual([]);
  });

  it('refuses visitors, oneself and unknown people', async () => {
    const sam = await buildUser(t.db);
    const lee = await buildUser(t.db);
    expect((await call(t.app, 'POST', `/api/app/block/${lee.user.id}`)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/app/blocks')).statusCode).toBe(401);
    const self = await block(sam.token, sam.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: 'block_self', message: BLOCKS_ERRORS.block_self });
    const nobody = await block(sam.token, '00000000-0000-4000-8000-000000000000');
    expect(nobody.statusCode).toBe(404);
    expect((await block(sam.token, 'not-an-id')).statusCode).toBe(400);
  });
});

describe('a block stops direct messages both ways', () => {
  it('refuses sending with a 403 code on each side, shows the room blocked, and nothing reaches the websocket', async () => {
    const { maya, sam, room, tier } = await talkingPair();
    const mayaTab = await liveClient(base, { token: maya.token });
    const samTab = await liveClient(base, { token: sam.token });
    // a member may block the facilitator they pay: their subscription is untouched
    await block(sam.token, maya.user.id);

    const fromSam = await call(
      t.app,
      'POST',
      '/api/app/message',
      { user: maya.user.id, room, message: 'hi' },
      sam.token,
    );
    expect(fromSam.statusCode).toBe(403);
    expect(fromSam.json()).toEqual({ error: 'you_blocked_member', message: BLOCKS_ERRORS.you_blocked_member });
    const fromMaya = await call(
      t.app,
      'POST',
      '/api/app/message',
      { user: sam.user.id, room, message: 'hello?' },
      maya.token,
    );
    expect(fromMaya.statusCode).toBe(403);
    expect(fromMaya.json()).toEqual({ error: 'messaging_blocked', message: "You can't reply to this conversation." });

    // the room shows the block: to Sam that he blocked Maya, to Maya only that she cannot reply
    expect((await call(t.app, 'POST', '/api/app/room', { ids: [maya.user.id] }, sam.token)).json().blocked).toBe(
      'by_you',
    );
    expect((await call(t.app, 'POST', '/api/app/room', { ids: [sam.user.id] }, maya.token)).json().blocked).toBe(
      'closed',
    );
    // nothing was stored, so nothing went out over the live connection
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([...mayaTab.frames, ...samTab.frames].filter((f) => f.type === 'message')).toEqual([]);
    expect((await call(t.app, 'GET', `/api/app/get-messages/${room}`, undefined, sam.token)).json()).toEqual([]);
    // billing and the library are not social: Sam still subscribes
    const [kept] = await t.db
      .select({ status: subscriptions.status })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, sam.user.id), eq(subscriptions.tierId, tier.id)));
    expect(kept?.status).toBe('active');

    // unblocked, they talk again, and the message is live
    await unblock(sam.token, maya.user.id);
    const sent = await call(
      t.app,
      'POST',
      '/api/app/message',
      { user: maya.user.id, room, message: 'back' },
      sam.token,
    );
    expect(sent.statusCode).toBe(200);
    expect((await mayaTab.next((f) => f.type === 'message')).room).toBe(room);
    expect((await call(t.app, 'POST', '/api/app/room', { ids: [maya.user.id] }, sam.token)).json().blocked).toBe(
      undefined,
    );
    mayaTab.close();
    samTab.close();
  });
});

describe("a blocked person's posts and comments are collapsed for the blocker only", () => {
  it('marks them authorBlocked in the feed, the post page and its comments, for nobody else', async () => {
    const sam = await buildUser(t.db, { name: 'Sam' });
    const lee = await buildUser(t.db, { name: 'Lee' });
    const ana = await buildUser(t.db, { name: 'Ana' });
    const admin = await buildAdmin(t.db);
    const leePost = await post(lee.token, 'from Lee');
    const anaPost = await post(ana.token, 'from Ana');
    await call(t.app, 'POST', `/api/app/create-comment/${anaPost._id}`, { commentText: 'Lee here' }, lee.token);
    await block(sam.token, lee.user.id);
    // Lee blocks the admin: an admin still sees everything as it is
    await block(lee.token, admin.user.id);

    const samFeed = await feed(sam.token);
    expect(samFeed.find((p) => p._id === leePost._id)?.authorBlocked).toBe(true);
    expect(samFeed.find((p) => p._id === anaPost._id)?.authorBlocked).toBeUndefined();
    for (const other of [ana, admin, lee])
      expect((await feed(other.token)).every((p) => p.authorBlocked === undefined)).toBe(true);

    const samView = (await call(t.app, 'GET', `/api/app/view-post/${anaPost._id}`, undefined, sam.token)).json();
    expect(samView.comments).toEqual([expect.objectContaining({ text: 'Lee here', authorBlocked: true })]);
    const anaView = (await call(t.app, 'GET', `/api/app/view-post/${anaPost._id}`, undefined, ana.token)).json();
    expect(anaView.comments[0].authorBlocked).toBeUndefined();
    const leePage = (await call(t.app, 'GET', `/api/app/view-post/${leePost._id}`, undefined, sam.token)).json();
    expect(leePage.post.authorBlocked).toBe(true);
  });
});

describe('no notifications from a blocked person', () => {
  it('drops their hearts, comments and replies to the blocker; others still notify', async () => {
    const sam = await buildUser(t.db, { name: 'Sam' });
    const lee = await buildUser(t.db, { name: 'Lee' });
    const ana = await buildUser(t.db, { name: 'Ana' });
    const mine = await post(sam.token, 'a quiet morning');
    const comment = (
      await call(t.app, 'POST', `/api/app/create-comment/${mine._id}`, { commentText: 'my own note' }, sam.token)
    ).json();
    await block(sam.token, lee.user.id);

    await call(t.app, 'GET', `/api/app/post/${mine._id}/heart`, undefined, lee.token);
    await call(t.app, 'POST', `/api/app/create-comment/${mine._id}`, { commentText: 'from Lee' }, lee.token);
    await call(
      t.app,
      'POST',
      `/api/app/create-comment/${mine._id}`,
      { commentText: 'a reply from Lee', replyTo: comment._id },
      lee.token,
    );
    expect((await notices(sam.token)).filter((n) => n.message.startsWith('Lee'))).toEqual([]);

    await call(t.app, 'GET', `/api/app/post/${mine._id}/heart`, undefined, ana.token);
    expect((await notices(sam.token)).map((n) => n.message)).toContain('Ana hearted your post.');
    // the blocked side still hears of the blocker's actions: a block silences only the blocker's bell
    const leePost = await post(lee.token, 'hello');
    await call(t.app, 'GET', `/api/app/post/${leePost._id}/heart`, undefined, sam.token);
    expect((await notices(lee.token)).map((n) => n.message)).toContain('Sam hearted your post.');
  });

  it('filters in notify() itself, for every kind a member causes (messages, mentions, anything with a sender)', async () => {
    const sam = await buildUser(t.db, { name: 'Sam' });
    const lee = await buildUser(t.db, { name: 'Lee' });
    await block(sam.token, lee.user.id);
    await notify(t.db, [
      { userId: sam.user.id, type: 'message', from: lee.user.id, message: 'New message from Lee.', link: '/m' },
      { userId: sam.user.id, type: 'session', message: 'Your session starts soon.', link: '/s' },
      { userId: lee.user.id, type: 'message', from: sam.user.id, message: 'New message from Sam.', link: '/m' },
    ]);
    expect((await notices(sam.token)).map((n) => n.message)).toEqual(['Your session starts soon.']);
    expect((await notices(lee.token)).map((n) => n.message)).toEqual(['New message from Sam.']);
  });
});

describe('the account export', () => {
  it('lists the people I block, and not who blocks me', async () => {
    const sam = await buildUser(t.db, { name: 'Sam' });
    const lee = await buildUser(t.db, { name: 'Lee' });
    await block(sam.token, lee.user.id);
    const mine = (await call(t.app, 'GET', '/api/app/account/export', undefined, sam.token)).json();
    expect(mine.blocks).toEqual([{ user: lee.user.id, name: 'Lee', date: expect.any(String) }]);
    const theirs = (await call(t.app, 'GET', '/api/app/account/export', undefined, lee.token)).json();
    expect(theirs.blocks).toEqual([]);
  });
});
