import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BLOCKS_ERRORS } from '../../../common/blocks/errors';
import { DEFAULT_SITE_SETTINGS } from '../../../common/site/schemas';
import { siteSettings } from '../../db/schema';
import { buildAdmin, buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (token: string, text: string) => call(t.app, 'POST', '/api/app/post', { text }, token);
const newAccount = (overrides: Parameters<typeof buildUser>[1] = {}) =>
  buildUser(t.db, { createdAt: new Date(Date.now() - 3_600_000), ...overrides });

describe('new-account brakes', () => {
  it('the admin edits them with the other site settings (defaults: 3 days, 5 posts, 10 messages an hour)', async () => {
    const admin = await buildAdmin(t.db);
    const member = await buildUser(t.db);
    const read = (await call(t.app, 'GET', '/api/admin/site', undefined, admin.token)).json();
    expect(read).toMatchObject({ newAccountDays: 3, newAccountPostsPerHour: 5, newAccountMessagesPerHour: 10 });
    const saved = await call(
      t.app,
      'POST',
      '/api/admin/site',
      { ...DEFAULT_SITE_SETTINGS, newAccountPostsPerHour: 3, newAccountMessagesPerHour: 3 },
      admin.token,
    );
    expect(saved.json()).toMatchObject({ newAccountDays: 3, newAccountPostsPerHour: 3, newAccountMessagesPerHour: 3 });
    // leaving them out keeps them
    await call(
      t.app,
      'POST',
      '/api/admin/site',
      { ...DEFAULT_SITE_SETTINGS, newAccountPostsPerHour: undefined, newAccountMessagesPerHour: undefined },
      admin.token,
    );
    expect((await call(t.app, 'GET', '/api/admin/site', undefined, admin.token)).json().newAccountPostsPerHour).toBe(3);
    const bad = await call(
      t.app,
      'POST',
      '/api/admin/site',
      { ...DEFAULT_SITE_SETTINGS, newAccountDays: -1 },
      admin.token,
    );
    expect(bad.statusCode).toBe(400);
    expect((await call(t.app, 'POST', '/api/admin/site', DEFAULT_SITE_SETTINGS, member.token)).statusCode).toBe(403);
  });

  it('a new account writes 3 posts and comments an hour, then gets a 429 saying when it can post again', async () => {
    const sam = await newAccount();
    const first = (await post(sam.token, 'one')).json();
    await post(sam.token, 'two');
    expect(
      (await call(t.app, 'POST', `/api/app/create-comment/${first._id}`, { commentText: 'three' }, sam.token))
        .statusCode,
    ).toBe(200);
    const refused = await post(sam.token, 'four');
    expect(refused.statusCode).toBe(429);
    const body = refused.json();
    expect(body).toMatchObject({ error: 'new_account_post_limit', retryAfter: expect.any(Number) });
    expect(body.message).toMatch(
      /^New accounts can write 3 posts and comments an hour\. You can post again in \d+ minutes\.$/,
    );
    expect(new Date(body.retryAt).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(refused.headers['retry-after']).toBe(String(body.retryAfter));
    const comment = await call(
      t.app,
      'POST',
      `/api/app/create-comment/${first._id}`,
      { commentText: 'five' },
      sam.token,
    );
    expect(comment.json().error).toBe('new_account_post_limit');
  });

  it('an established account and an admin are not braked', async () => {
    const old = await buildUser(t.db);
    const admin = await buildAdmin(t.db, { createdAt: new Date() });
    for (const who of [old, admin])
      for (const n of [1, 2, 3, 4, 5]) expect((await post(who.token, `post ${n}`)).statusCode).toBe(200);
  });

  it('counts from the database: an instance-independent count that forgets writes older than an hour', async () => {
    const sam = await newAccount();
    for (const n of [1, 2, 3]) await post(sam.token, `p${n}`);
    expect((await post(sam.token, 'p4')).statusCode).toBe(429);
    // an hour later (the rows moved back), the oldest leaves the count
    await t.db.execute(
      `update posts set created_at = created_at - interval '61 minutes' where text = 'p1' and user_id = '${sam.user.id}'` as never,
    );
    expect((await post(sam.token, 'p5')).statusCode).toBe(200);
  });

  it('a new account sends 3 messages an hour and no link to someone who has not written to it', async () => {
    const maya = await buildFacilitator(t.db, { name: 'Maya' });
    const tier = await buildTier(t.db, maya.user.id, { allowDirectMessaging: true });
    const sam = await newAccount({ name: 'Sam' });
    await buildSubscription(t.db, sam.user.id, tier.id);
    const room = (await call(t.app, 'POST', '/api/app/room', { ids: [maya.user.id] }, sam.token)).json().chatRoom._id;
    const send = (token: string, user: string, message: string) =>
      call(t.app, 'POST', '/api/app/message', { user, room, message }, token);

    const link = await send(sam.token, maya.user.id, 'look at https://spam.example/deal');
    expect(link.statusCode).toBe(403);
    expect(link.json()).toEqual({ error: 'new_account_no_links', message: BLOCKS_ERRORS.new_account_no_links });
    expect((await send(sam.token, maya.user.id, 'hello Maya')).statusCode).toBe(200);
    // once Maya has written, a link is a conversation, not a cold message
    expect((await send(maya.token, sam.user.id, 'hi Sam')).statusCode).toBe(200);
    expect((await send(sam.token, maya.user.id, 'the page: www.example.org/notes')).statusCode).toBe(200);
    expect((await send(sam.token, maya.user.id, 'three')).statusCode).toBe(200);
    const fourth = await send(sam.token, maya.user.id, 'four');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ error: 'new_account_message_limit' });
    expect(fourth.json().message).toMatch(/You can send messages again in \d+ minutes\.$/);
    // Maya's account is old: not braked
    for (const n of [1, 2, 3, 4])
      expect((await send(maya.token, sam.user.id, `m${n} https://x.test`)).statusCode).toBe(200);
  });

  it('0 days turns the brakes off', async () => {
    await t.db.update(siteSettings).set({ newAccountDays: 0 }).where(eq(siteSettings.id, 1));
    const sam = await newAccount();
    for (const n of [1, 2, 3, 4, 5]) expect((await post(sam.token, `free ${n}`)).statusCode).toBe(200);
    await t.db.update(siteSettings).set({ newAccountDays: 3 }).where(eq(siteSettings.id, 1));
  });
});
