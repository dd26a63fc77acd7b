import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import { buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Maya offers direct messages; Sam subscribes and they have a room. */
async function conversation() {
  const maya = await buildFacilitator(t.db, { name: 'Maya' });
  const tier = await buildTier(t.db, maya.user.id, { allowDirectMessaging: true });
  const sam = await buildUser(t.db, { name: 'Sam' });
  await buildSubscription(t.db, sam.user.id, tier.id);
  const room: string = (await call(t.app, 'POST', '/api/app/room', { ids: [maya.user.id] }, sam.token)).json().chatRoom
    ._id;
  const send = (from: { token: string }, to: { user: { id: string } }, message: string) =>
    call(t.app, 'POST', '/api/app/message', { user: to.user.id, room, message }, from.token);
  return { maya, sam, tier, room, send };
}
const unread = async (token?: string) => {
  const answer = await call(t.app, 'GET', '/api/app/unread-messages', undefined, token);
  return { status: answer.statusCode, body: answer.json() };
};

describe('GET app/unread-messages (the messages badge)', () => {
  it('refuses a visitor who is not signed in', async () => {
    expect((await unread()).status).toBe(401);
  });

  it("counts the other person's messages since I last read the room, never my own", async () => {
    const { maya, sam, send } = await conversation();
    expect(await unread(maya.token)).toEqual({ status: 200, body: { unread: 0 } });
    await send(sam, maya, 'Hello Maya');
    await send(sam, maya, 'Are you there?');
    await send(maya, sam, 'Hi Sam');
    expect((await unread(maya.token)).body).toEqual({ unread: 2 });
    // Maya's reply came after Sam last opened the room
    expect((await unread(sam.token)).body).toEqual({ unread: 1 });
    // the contact list carries the same count per person
    const contacts = (await call(t.app, 'GET', '/api/app/room', undefined, maya.token)).json().contacts;
    expect(contacts).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ _id: sam.user.id }), unread: 2 }),
    ]);
  });

  it('goes to 0 when the conversation is opened, and counts what arrives afterwards', async () => {
    const { maya, sam, send } = await conversation();
    await send(sam, maya, 'one');
    await send(sam, maya, 'two');
    expect((await unread(maya.token)).body.unread).toBe(2);
    await call(t.app, 'POST', '/api/app/room', { ids: [sam.user.id] }, maya.token);
    expect((await unread(maya.token)).body.unread).toBe(0);
    await send(sam, maya, 'three');
    expect((await unread(maya.token)).body.unread).toBe(1);
  });

  it('POST app/read-room marks the open chat read and answers the new total; only for the two people in it', async () => {
    const { maya, sam, room, send } = await conversation();
    await send(sam, maya, 'while you were reading');
    expect(await call(t.app, 'POST', `/api/app/read-room/${room}`)).toMatchObject({ statusCode: 401 });
    expect((await call(t.app, 'POST', '/api/app/read-room/not-a-room', undefined, maya.token)).statusCode).toBe(400);
    const stranger = await buildUser(t.db);
    expect((await call(t.app, 'POST', `/api/app/read-room/${room}`, undefined, stranger.token)).statusCode).toBe(404);
    expect((await unread(maya.token)).body.unread).toBe(1);
    const read = await call(t.app, 'POST', `/api/app/read-room/${room}`, undefined, maya.token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unread: 0 });
    expect((await unread(maya.token)).body.unread).toBe(0);
  });

  it('leaves out a room that can no longer be opened (the subscription ended)', async () => {
    const { maya, sam, tier, send } = await conversation();
    await send(sam, maya, 'last words');
    expect((await unread(maya.token)).body.unread).toBe(1);
    await t.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.tierId, tier.id));
    expect((await unread(maya.token)).body.unread).toBe(0);
  });
});
