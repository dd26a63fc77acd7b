import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_TEXTS, MESSAGES_PAGE } from '../../../common/messages/schemas';
import { messages } from '../../db/schema';
import { buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A facilitator with a direct-messaging tier and a member subscribed to it. */
async function pair(opts: { dm?: boolean; subscribed?: boolean } = {}) {
  const maya = await buildFacilitator(t.db, { name: 'Maya' });
  const tier = await buildTier(t.db, maya.user.id, { allowDirectMessaging: opts.dm ?? true });
  const sam = await buildUser(t.db, { name: 'Sam' });
  if (opts.subscribed ?? true) await buildSubscription(t.db, sam.user.id, tier.id);
  return { maya, sam, tier };
}
const openRoom = (token: string, other: string) => call(t.app, 'POST', '/api/app/room', { ids: [other] }, token);
const send = (token: string, body: { user: string; room: string; message: string; clientKey?: string }) =>
  call(t.app, 'POST', '/api/app/message', body, token);

describe('direct messages', () => {
  it('a subscriber to a direct-messaging tier and its facilitator see each other and talk', async () => {
    const { maya, sam } = await pair();
    const samContacts = (await call(t.app, 'GET', '/api/app/room', undefined, sam.token)).json().contacts;
    expect(samContacts).toEqual([
      {
        user: { _id: maya.user.id, name: 'Maya', profilePicture: null, isFacilitator: true },
        room: null,
        lastMessage: null,
        unread: 0,
      },
    ]);
    const opened = await openRoom(sam.token, maya.user.id);
    expect(opened.statusCode).toBe(200);
    const room = opened.json().chatRoom._id;
    expect(opened.json().messages).toEqual([]);
    // opening again finds the same room, from either side
    expect((await openRoom(maya.token, sam.user.id)).json().chatRoom._id).toBe(room);

    const first = (await send(sam.token, { user: maya.user.id, room, message: 'Hello Maya' })).json();
    expect(first).toMatchObject({ room, user: sam.user.id, text: 'Hello Maya' });
    await send(maya.token, { user: sam.user.id, room, message: 'Hi Sam!' });
    const all = (await call(t.app, 'GET', `/api/app/get-messages/${room}`, undefined, maya.token)).json();
    expect(all.map((m: { text: string }) => m.text)).toEqual(['Hello Maya', 'Hi Sam!']);
    const missed = (
      await call(
        t.app,
        'GET',
        `/api/app/get-messages/${room}?after=${encodeURIComponent(first.postedDate)}`,
        undefined,
        sam.token,
      )
    ).json();
    expect(missed.map((m: { text: string }) => m.text)).toEqual(['Hi Sam!']);
    const mayaContacts = (await call(t.app, 'GET', '/api/app/room', undefined, maya.token)).json().contacts;
    expect(mayaContacts).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ name: 'Sam' }),
        room,
        lastMessage: expect.objectContaining({ text: 'Hi Sam!' }),
      }),
    ]);
  });

  it('a member without a direct-messaging subscription can neither open a room nor post a message', async () => {
    const noDm = await pair({ dm: false });
    expect((await openRoom(noDm.sam.token, noDm.maya.user.id)).json()).toEqual({
      error: 'messaging_not_allowed',
      message: MESSAGE_TEXTS.notAllowed,
    });
    expect((await call(t.app, 'GET', '/api/app/room', undefined, noDm.sam.token)).json().contacts).toEqual([]);
    const unsubscribed = await pair({ subscribed: false });
    expect((await openRoom(unsubscribed.sam.token, unsubscribed.maya.user.id)).statusCode).toBe(403);

    // a room that exists stops taking messages once the subscription ends
    const { maya, sam, tier } = await pair();
    const room = (await openRoom(sam.token, maya.user.id)).json().chatRoom._id;
    const { subscriptions } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await t.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.tierId, tier.id));
    const refused = await send(sam.token, { user: maya.user.id, room, message: 'still there?' });
    expect(refused.statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/app/get-messages/${room}`, undefined, sam.token)).json()).toEqual([]);
  });

  it('keeps a room to its two people and refuses empty messages and visitors', async () => {
    const { maya, sam } = await pair();
    const room = (await openRoom(sam.token, maya.user.id)).json().chatRoom._id;
    const stranger = await buildUser(t.db);
    expect((await call(t.app, 'GET', `/api/app/get-messages/${room}`, undefined, stranger.token)).statusCode).toBe(404);
    expect((await send(stranger.token, { user: maya.user.id, room, message: 'hi' })).statusCode).toBe(404);
    expect((await send(sam.token, { user: stranger.user.id, room, message: 'hi' })).statusCode).toBe(403);
    expect((await send(sam.token, { user: maya.user.id, room, message: '   ' })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/app/room')).statusCode).toBe(401);
    expect((await openRoom(sam.token, sam.user.id)).statusCode).toBe(403);
  });

  it('notifies a recipient with no open connection once per unread conversation', async () => {
    const { maya, sam } = await pair();
    const room = (await openRoom(sam.token, maya.user.id)).json().chatRoom._id;
    await send(sam.token, { user: maya.user.id, room, message: 'one' });
    await send(sam.token, { user: maya.user.id, room, message: 'two' });
    const notices = (await call(t.app, 'GET', '/api/app/notifications', undefined, maya.token)).json();
    expect(notices.filter((n: { message: string }) => n.message === 'New message from Sam.')).toHaveLength(1);
    expect(notices[0].link).toBe(`/messages?with=${sam.user.id}`);
  });

  it('pages a long room and a long contact list instead of stopping at a fixed count', async () => {
    const { maya, sam, tier } = await pair();
    const room = (await openRoom(sam.token, maya.user.id)).json().chatRoom._id;
    for (const text of ['one', 'two', 'three']) await send(sam.token, { user: maya.user.id, room, message: text });
    const latest = await call(t.app, 'GET', `/api/app/get-messages/${room}?limit=2`, undefined, maya.token);
    expect(latest.json().map((m: { text: string }) => m.text)).toEqual(['two', 'three']);
    const cursor = latest.headers['next-cursor'] as string;
    // opening the room answers its latest 100: all three, so no cursor of earlier ones
    expect((await openRoom(maya.token, sam.user.id)).headers['next-cursor']).toBeUndefined();
    expect(cursor).toBeTruthy();
    const earlier = await call(
      t.app,
      'GET',
      `/api/app/get-messages/${room}?limit=2&cursor=${encodeURIComponent(cursor)}`,
      undefined,
      maya.token,
    );
    expect(earlier.json().map((m: { text: string }) => m.text)).toEqual(['one']);
    expect(earlier.headers['next-cursor']).toBeUndefined();
    // a cursor that is not one of ours is refused, not sent to the database
    const forged = await call(
      t.app,
      'GET',
      `/api/app/get-messages/${room}?cursor=WyJub3QtYS10aW1lIl0`,
      undefined,
      maya.token,
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe('invalid_cursor');

    const others = [await buildUser(t.db, { name: 'Ann' }), await buildUser(t.db, { name: 'Bo' })];
    for (const other of others) await buildSubscription(t.db, other.user.id, tier.id);
    const first = await call(t.app, 'GET', '/api/app/room?limit=2', undefined, maya.token);
    // the conversation with a message comes first
    expect(first.json().contacts.map((c: { user: { name: string } }) => c.user.name)[0]).toBe('Sam');
    const next = first.headers['next-cursor'] as string;
    const rest = await call(
      t.app,
      'GET',
      `/api/app/room?limit=2&cursor=${encodeURIComponent(next)}`,
      undefined,
      maya.token,
    );
    const names = [...first.json().contacts, ...rest.json().contacts].map(
      (c: { user: { name: string } }) => c.user.name,
    );
    expect(names.sort()).toEqual(['Ann', 'Bo', 'Sam']);
    expect(rest.headers['next-cursor']).toBeUndefined();
    expect((await call(t.app, 'GET', '/api/app/room?cursor=forged', undefined, maya.token)).json().error).toBe(
      'invalid_cursor',
    );
  });
});

describe('catch-up after a reconnect', () => {
  it('pages forward with after + afterId until everything missed has come, none skipped or twice', async () => {
    const { maya, sam } = await pair();
    const room = (await openRoom(sam.token, maya.user.id)).json().chatRoom._id as string;
    const first = (await send(sam.token, { user: maya.user.id, room, message: 'before the drop' })).json();
    // 150 missed, three to a millisecond: the first page of 100 ends inside one instant
    const start = Date.parse(first.postedDate) + 1000;
    await t.db.insert(messages).values(
      Array.from({ length: 150 }, (_, i) => ({
        roomId: room,
        userId: maya.user.id,
        text: `missed ${i}`,
        createdAt: new Date(start + Math.floor(i / 3)),
      })),
    );
    const seen: string[] = [];
    let last = first as { _id: string; postedDate: string };
    for (let page = 0; page < 5; page++) {
      const query = new URLSearchParams({ after: last.postedDate, afterId: last._id });
      const res = await call(t.app, 'GET', `/api/app/get-messages/${room}?${query}`, undefined, sam.token);
      expect(res.statusCode).toBe(200);
      const batch = res.json() as { _id: string; postedDate: string; text: string }[];
      seen.push(...batch.map((m) => m.text));
      if (batch.length < MESSAGES_PAGE) break;
      last = batch.at(-1)!;
    }
    expect(seen).toHaveLength(150);
    expect(new Set(seen).size).toBe(150);
  });
});

describe('sending with an idempotency key', () => {
  it('a retry with the same clientKey answers the stored message and stores, signals and notifies nothing new', async () => {
    const { maya, sam } = await pair();
    const room = (await openRoom(sam.token, maya.user.id)).json().chatRoom._id as string;
    const clientKey = '0b6f3c1e-8d52-4b8e-9a43-2f1c5d7e9a10';
    const body = { user: maya.user.id, room, message: 'only once', clientKey };
    const [a, b, c] = await Promise.all([send(sam.token, body), send(sam.token, body), send(sam.token, body)]);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    expect(new Set([a.json()._id, b.json()._id, c.json()._id]).size).toBe(1);
    expect(a.json().clientKey).toBe(clientKey);
    const all = (await call(t.app, 'GET', `/api/app/get-messages/${room}`, undefined, maya.token)).json();
    expect(all.filter((m: { text: string }) => m.text === 'only once')).toHaveLength(1);
    // the same key in another of my chats is a client bug, refused rather than answered with the wrong room
    const other = await buildFacilitator(t.db, { name: 'River' });
    const tier = await buildTier(t.db, other.user.id, { allowDirectMessaging: true });
    await buildSubscription(t.db, sam.user.id, tier.id);
    const otherRoom = (await openRoom(sam.token, other.user.id)).json().chatRoom._id as string;
    const reused = await send(sam.token, { user: other.user.id, room: otherRoom, message: 'x', clientKey });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toBe('message_key_reused');
    // without a key, two sends are two messages (as before)
    await send(sam.token, { user: maya.user.id, room, message: 'twice' });
    await send(sam.token, { user: maya.user.id, room, message: 'twice' });
    const after = (await call(t.app, 'GET', `/api/app/get-messages/${room}`, undefined, maya.token)).json();
    expect(after.filter((m: { text: string }) => m.text === 'twice')).toHaveLength(2);
  });
});
