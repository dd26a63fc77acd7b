import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, comments, postHearts, posts, tiers, users } from '../../db/schema';
import {
  buildAdmin,
  buildFacilitator,
  buildGroup,
  buildSubscription,
  buildTier,
  buildUser,
} from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { linkIn } from '../../test/mailbox';

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildAdmin>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await buildAdmin(t.db);
});
afterAll(() => t.close());

const as = (token: string) => ({
  get: (url: string) => call(t.app, 'GET', `/api/${url}`, undefined, token),
  post: (url: string, body: unknown) => call(t.app, 'POST', `/api/${url}`, body, token),
  del: (url: string) => call(t.app, 'DELETE', `/api/${url}`, undefined, token),
});
const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(auditLog.createdAt)).at(-1)!;

const userForm = (over: Record<string, unknown> = {}) => ({
  name: 'Ada Stone',
  username: `ada_${Math.random().toString(36).slice(2, 8)}`,
  email: `ada_${Math.random().toString(36).slice(2, 8)}@example.test`,
  isAdmin: false,
  isFacilitator: false,
  bio: '',
  profilePicture: null,
  emailConfirmed: true,
  twoFactorEnabled: false,
  ...over,
});

describe('every admin call', () => {
  it('is refused to visitors (401) and to members and facilitators (403)', async () => {
    const [member, facilitator] = [await buildUser(t.db), await buildFacilitator(t.db)];
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: Array<['GET' | 'POST' | 'DELETE', string, unknown?]> = [
      ['GET', 'admin/user'],
      ['GET', `admin/user/${id}`],
      ['POST', 'admin/user', userForm()],
      ['POST', `admin/user/${id}`, userForm()],
      ['DELETE', `admin/user/${id}`],
      ['GET', 'admin/facilitator'],
      ['GET', `admin/facilitator/${id}`],
      ['POST', 'admin/facilitator', userForm()],
      ['POST', `admin/facilitator/${id}`, userForm()],
      ['DELETE', `admin/facilitator/${id}`],
      ['GET', `admin/facilitator/${id}/tiers`],
      ['DELETE', `admin/facilitator/${id}/tiers/${id}`],
      ['GET', `admin/tier/${id}`],
      ['POST', `admin/tier/${id}`, { name: 'x', price: 1 }],
      ['GET', 'admin/group'],
      ['GET', `admin/group/${id}`],
      ['POST', 'admin/group', { name: 'x' }],
      ['POST', `admin/group/${id}`, { name: 'x' }],
      ['DELETE', `admin/group/${id}`],
      ['GET', `admin/group/${id}/posts`],
      ['GET', `admin/post/${id}`],
      ['POST', `admin/post/${id}`, { text: 'x' }],
      ['DELETE', `admin/post/${id}`],
      ['GET', 'admin/tag'],
      ['GET', `admin/tag/${id}`],
      ['POST', 'admin/tag', { text: 'x' }],
      ['POST', `admin/tag/${id}`, { text: 'x' }],
      ['DELETE', `admin/tag/${id}`],
      ['GET', 'admin/audit'],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(t.app, method, `/api/${url}`, body)).statusCode, `${method} ${url} as visitor`).toBe(401);
      expect(
        (await call(t.app, method, `/api/${url}`, body, member.token)).statusCode,
        `${method} ${url} as member`,
      ).toBe(403);
      expect(
        (await call(t.app, method, `/api/${url}`, body, facilitator.token)).statusCode,
        `${method} ${url} as facilitator`,
      ).toBe(403);
    }
    // and nothing was written on their behalf
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });
});

describe('admin users list (server paging and sorting)', () => {
  it('pages through 35 users with next and previous cursors, sorted by email either way', async () => {
    const own = `pg${Date.now()}`;
    for (let i = 0; i < 35; i++) await buildUser(t.db, { email: `${own}_${String(i).padStart(2, '0')}@example.test` });
    const api = as(admin.token);
    const emailsOf = (body: { items: Array<{ email: string }> }) =>
      body.items.map((u) => u.email).filter((e) => e.startsWith(own));

    const first = (await api.get('admin/user?limit=10&sort=email&dir=asc')).json();
    expect(first.total).toBeGreaterThanOrEqual(36);
    expect(first.items).toHaveLength(10);
    expect(Object.keys(first.items[0]).sort()).toEqual(['_id', 'email', 'isFacilitator', 'username']);
    expect(first.prevCursor).toBeNull();

    // walk forward to the end: every user exactly once, in email order
    const seen: string[] = [];
    let page = first;
    let pages = 1;
    seen.push(...page.items.map((u: { email: string }) => u.email));
    while (page.nextCursor) {
      page = (await api.get(`admin/user?limit=10&sort=email&dir=asc&after=${page.nextCursor}`)).json();
      seen.push(...page.items.map((u: { email: string }) => u.email));
      pages++;
    }
    expect(pages).toBe(Math.ceil(first.total / 10));
    expect(seen).toHaveLength(first.total);
    expect(seen).toEqual([...seen].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));

    // and back again from the last page
    const back = (await api.get(`admin/user?limit=10&sort=email&dir=asc&before=${page.prevCursor}`)).json();
    expect(back.items.map((u: { email: string }) => u.email)).toEqual(
      seen.slice(seen.length - page.items.length - 10, seen.length - page.items.length),
    );
    expect(back.nextCursor).not.toBeNull();

    const desc = (await api.get('admin/user?limit=50&sort=email&dir=desc')).json();
    expect(emailsOf(desc)).toEqual(
      emailsOf({ items: [...seen].reverse().map((email) => ({ email })) }).slice(0, emailsOf(desc).length),
    );
  });

  it('sorts by the facilitator flag and shows the newest accounts first when unsorted', async () => {
    const api = as(admin.token);
    const newest = await buildUser(t.db);
    expect((await api.get('admin/user?limit=1')).json().items[0]._id).toBe(newest.user.id);
    await buildFacilitator(t.db);
    const byFlag = (await api.get(`admin/user?limit=${500}&sort=isFacilitator&dir=desc`)).json();
    const flags = byFlag.items.map((u: { isFacilitator: boolean }) => u.isFacilitator);
    expect(flags[0]).toBe(true);
    expect(flags.indexOf(false)).toBeGreaterThan(0);
    expect(flags.slice(flags.indexOf(false))).not.toContain(true);
  });

  it('answers 400, not 500, for a broken cursor, an unknown sort or a page size out of range', async () => {
    const api = as(admin.token);
    expect((await api.get('admin/user?after=not-a-cursor')).statusCode).toBe(400);
    expect((await api.get('admin/user?sort=password')).statusCode).toBe(400);
    expect((await api.get('admin/user?limit=0')).statusCode).toBe(400);
    expect((await api.get('admin/user?limit=501')).statusCode).toBe(400);
    expect((await api.get('admin/user?after=a&before=b')).statusCode).toBe(400);
    // a well-formed cursor with values PostgreSQL cannot cast
    const forged = (values: string[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
    expect((await api.get(`admin/user?sort=email&after=${forged(['a', 'not-a-uuid'])}`)).statusCode).toBe(400);
    expect(
      (await api.get(`admin/user?after=${forged(['yesterday', '00000000-0000-4000-8000-000000000000'])}`)).statusCode,
    ).toBe(400);
    expect(
      (
        await api.get(
          `admin/user?sort=isFacilitator&after=${forged(['maybe', 'a', '00000000-0000-4000-8000-000000000000'])}`,
        )
      ).statusCode,
    ).toBe(400);
  });
});

describe('admin user form (generic form calls)', () => {
  it('creates a user who is mailed a link to choose a password, and audits it', async () => {
    const values = userForm({ isFacilitator: true });
    const res = await as(admin.token).post('admin/user', values);
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({ email: values.email, isFacilitator: true, isAdmin: false });
    const mail = await t.mailbox.latest(values.email, /account is ready/);
    expect(linkIn(mail).pathname).toBe('/passwordReset');
    expect(await lastAudit()).toMatchObject({
      adminId: admin.user.id,
      action: 'create',
      targetType: 'user',
      targetId: created._id,
    });
    // POST admin/user/new is the same call
    expect((await as(admin.token).post('admin/user/new', userForm())).statusCode).toBe(200);
  });

  it('edits flags and toggles, audits what changed, and refuses taken addresses', async () => {
    const member = await buildUser(t.db);
    const api = as(admin.token);
    const loaded = (await api.get(`admin/user/${member.user.id}`)).json();
    expect(loaded).toMatchObject({
      _id: member.user.id,
      isFacilitator: false,
      emailConfirmed: true,
      twoFactorEnabled: false,
    });
    const { _id, ...values } = loaded;
    const saved = (
      await api.post(`admin/user/${member.user.id}`, { ...values, isFacilitator: true, twoFactorEnabled: true })
    ).json();
    expect(saved).toMatchObject({ isFacilitator: true, twoFactorEnabled: true });
    expect((await lastAudit()).details).toMatchObject({ isFacilitator: true, twoFactorEnabled: true });
    expect((await lastAudit()).details).not.toHaveProperty('name');

    const other = await buildUser(t.db);
    const taken = await api.post(`admin/user/${member.user.id}`, { ...values, email: other.user.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('That email address is already in use.');
    const noCode = await api.post(`admin/user/${member.user.id}`, {
      ...values,
      emailConfirmed: false,
      twoFactorEnabled: true,
    });
    expect(noCode.statusCode).toBe(400);
    expect((await api.post(`admin/user/${member.user.id}`, { ...values, email: 'not-an-email' })).statusCode).toBe(400);
    expect((await api.get('admin/user/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('refuses to remove the admin flag from yourself, and ends the sessions of an admin who loses it', async () => {
    const api = as(admin.token);
    const { _id, ...mine } = (await api.get(`admin/user/${admin.user.id}`)).json();
    const res = await api.post(`admin/user/${admin.user.id}`, { ...mine, isAdmin: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You cannot remove your own admin flag.');
    expect((await t.db.select().from(users).where(eq(users.id, admin.user.id)))[0]!.isAdmin).toBe(true);

    const other = await buildAdmin(t.db);
    const { _id: otherId, ...theirs } = (await api.get(`admin/user/${other.user.id}`)).json();
    expect((await api.post(`admin/user/${otherId}`, { ...theirs, isAdmin: false })).statusCode).toBe(200);
    expect((await as(other.token).get('admin/user')).statusCode).toBe(401);
  });
});

describe('an admin changing an address', () => {
  it("signs the account out everywhere, but keeps the admin's own session when it is their address", async () => {
    const me = await buildAdmin(t.db);
    const member = await buildUser(t.db);
    const api = as(me.token);
    const { _id, ...theirs } = (await api.get(`admin/user/${member.user.id}`)).json();
    expect(
      (await api.post(`admin/user/${_id}`, { ...theirs, email: `moved_${Date.now()}@example.test` })).statusCode,
    ).toBe(200);
    expect((await as(member.token).get('app/profile')).statusCode).toBe(401);

    const { _id: myId, ...mine } = (await api.get(`admin/user/${me.user.id}`)).json();
    expect((await api.post(`admin/user/${myId}`, { ...mine, email: `me_${Date.now()}@example.test` })).statusCode).toBe(
      200,
    );
    expect((await api.get('admin/user?limit=1')).statusCode).toBe(200);
  });
});

describe('deleting accounts from the admin area', () => {
  it('deletes a member and everything theirs, audited; refuses yourself and other admins', async () => {
    const api = as(admin.token);
    const member = await buildUser(t.db);
    const res = await api.del(`admin/user/${member.user.id}`);
    expect(res.json()).toEqual({ deleted: true });
    expect(await t.db.select().from(users).where(eq(users.id, member.user.id))).toEqual([]);
    expect(await lastAudit()).toMatchObject({
      action: 'delete',
      targetType: 'user',
      targetId: member.user.id,
      details: { email: member.user.email },
    });

    const self = await api.del(`admin/user/${admin.user.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot delete your own account from the admin area.');
    const otherAdmin = await buildAdmin(t.db);
    expect((await api.del(`admin/user/${otherAdmin.user.id}`)).statusCode).toBe(409);
  });

  it('refuses to delete a facilitator with paying subscribers, naming why', async () => {
    const api = as(admin.token);
    const facilitator = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, facilitator.user.id, { price: 12 });
    const payer = await buildUser(t.db);
    await buildSubscription(t.db, payer.user.id, tier.id, {
      provider: 'test',
      providerSubscriptionId: `sub_${payer.user.id.slice(0, 8)}`,
      priceCents: 1200,
    });
    for (const url of [`admin/facilitator/${facilitator.user.id}`, `admin/user/${facilitator.user.id}`]) {
      const res = await api.del(url);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/still has paying subscribers/);
    }
    // nor may the flag be taken away from under them
    const { _id, ...values } = (await api.get(`admin/user/${facilitator.user.id}`)).json();
    expect((await api.post(`admin/user/${_id}`, { ...values, isFacilitator: false })).statusCode).toBe(409);
    expect((await t.db.select().from(users).where(eq(users.id, facilitator.user.id))).length).toBe(1);
  });
});

describe('admin facilitators and their tiers', () => {
  it('lists facilitators only, searchable, and edits one with the facilitator form', async () => {
    const api = as(admin.token);
    const f = await buildFacilitator(t.db, { name: 'Quill Harbour' });
    const member = await buildUser(t.db);
    const page = (await api.get('admin/facilitator?limit=500')).json();
    expect(page.items.map((r: { _id: string }) => r._id)).toContain(f.user.id);
    expect(page.items.map((r: { _id: string }) => r._id)).not.toContain(member.user.id);
    const found = (await api.get('admin/facilitator?search=quill%20harb')).json();
    expect(found.items.map((r: { _id: string }) => r._id)).toEqual([f.user.id]);
    expect(found.total).toBe(1);

    expect((await api.get(`admin/facilitator/${member.user.id}`)).statusCode).toBe(404);
    const { _id, ...values } = (await api.get(`admin/facilitator/${f.user.id}`)).json();
    expect(values.facilitatorCategory).toBe('Meditation');
    const saved = (await api.post(`admin/facilitator/${_id}`, { ...values, facilitatorCategory: 'Breathwork' })).json();
    expect(saved.facilitatorCategory).toBe('Breathwork');
  });

  it('lists, edits and deletes a facilitator tier; the price is fixed once bought', async () => {
    const api = as(admin.token);
    const f = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, f.user.id, { price: 9, name: 'Dawn' });
    expect((await api.get(`admin/facilitator/${f.user.id}/tiers`)).json()).toEqual([
      { _id: tier.id, name: 'Dawn', price: 9, type: 'subscription', interval: 'month', published: true },
    ]);

    const loaded = (await api.get(`admin/tier/${tier.id}`)).json();
    expect(loaded).toMatchObject({
      name: 'Dawn',
      price: 9,
      priceLocked: false,
      facilitator: { _id: f.user.id },
      interval: 'month',
      trialDays: 0,
    });
    const edited = (
      await api.post(`admin/tier/${tier.id}`, {
        name: 'Dawn Practice',
        price: 11.5,
        description: 'Daily',
        thumbnail: null,
      })
    ).json();
    expect(edited).toMatchObject({ name: 'Dawn Practice', price: 11.5, description: 'Daily' });
    expect((await api.post('admin/tier/new', { name: 'x', price: 1 })).statusCode).toBe(400);

    const buyer = await buildUser(t.db);
    await buildSubscription(t.db, buyer.user.id, tier.id, {
      provider: 'test',
      providerSubscriptionId: `sub_${buyer.user.id.slice(0, 8)}`,
      priceCents: 1150,
    });
    const locked = await api.post(`admin/tier/${tier.id}`, { name: 'Dawn Practice', price: 20 });
    expect(locked.statusCode).toBe(409);
    expect((await api.get(`admin/tier/${tier.id}`)).json().priceLocked).toBe(true);
    expect((await api.post(`admin/tier/${tier.id}`, { name: 'Dawn', price: 11.5 })).statusCode).toBe(200);

    expect((await api.del(`admin/facilitator/${f.user.id}/tiers/${tier.id}`)).statusCode).toBe(409);
    const free = await buildTier(t.db, f.user.id, { name: 'Open' });
    expect((await api.del(`admin/facilitator/${buyer.user.id}/tiers/${free.id}`)).statusCode).toBe(404);
    expect((await api.del(`admin/facilitator/${f.user.id}/tiers/${free.id}`)).json()).toEqual({ deleted: true });
    expect(await lastAudit()).toMatchObject({ action: 'delete', targetType: 'tier', targetId: free.id });
  });
});

describe("admin tiers: the facilitator's billing interval and trial", () => {
  it('shows a yearly tier with its trial, and editing it keeps both', async () => {
    const api = as(admin.token);
    const f = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, f.user.id, {
      price: 120,
      name: 'Year of Calm',
      billingInterval: 'year',
      trialDays: 14,
    });
    expect((await api.get(`admin/facilitator/${f.user.id}/tiers`)).json()).toEqual([
      expect.objectContaining({ _id: tier.id, interval: 'year' }),
    ]);
    expect((await api.get(`admin/tier/${tier.id}`)).json()).toMatchObject({
      type: 'subscription',
      interval: 'year',
      trialDays: 14,
    });

    const saved = (
      await api.post(`admin/tier/${tier.id}`, { name: 'A Year of Calm', price: 100, interval: 'week', trialDays: 0 })
    ).json();
    expect(saved).toMatchObject({ name: 'A Year of Calm', price: 100, interval: 'year', trialDays: 14 });
    const [row] = await t.db.select().from(tiers).where(eq(tiers.id, tier.id));
    expect(row).toMatchObject({ billingInterval: 'year', trialDays: 14, priceCents: 10_000 });
  });
});

describe('admin groups and posts', () => {
  it('lists every group (hidden ones too), creates, edits and deletes one', async () => {
    const api = as(admin.token);
    const owner = await buildUser(t.db);
    const hidden = await buildGroup(t.db, owner.user.id, { name: 'Quiet Room', isHidden: true });
    expect((await api.get('admin/group')).json()).toContainEqual({
      _id: hidden.id,
      name: 'Quiet Room',
      owner: { _id: owner.user.id, name: owner.user.name },
      members: 0,
    });

    const tag = (await api.post('admin/tag', { text: `calm-${Date.now()}` })).json();
    const created = (
      await api.post('admin/group/new', { name: 'Admin Circle', tags: [tag._id], memberCap: 20 })
    ).json();
    expect(created).toMatchObject({
      name: 'Admin Circle',
      tags: [tag._id],
      memberCap: 20,
      owner: { _id: admin.user.id },
    });
    const unknownTag = await api.post(`admin/group/${created._id}`, {
      name: 'x',
      tags: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknownTag.statusCode).toBe(400);
    const edited = (
      await api.post(`admin/group/${hidden.id}`, { name: 'Quiet Room', isHidden: false, isPrivate: true })
    ).json();
    expect(edited).toMatchObject({ isHidden: false, isPrivate: true, owner: { _id: owner.user.id } });

    expect((await api.del(`admin/group/${hidden.id}`)).json()).toEqual({ deleted: true });
    expect((await api.get(`admin/group/${hidden.id}`)).statusCode).toBe(404);
    expect(await lastAudit()).toMatchObject({ action: 'delete', targetType: 'group', targetId: hidden.id });
  });

  it("pages a group's posts with counts, sorted by date or hits, and edits a post and its comments", async () => {
    const api = as(admin.token);
    const owner = await buildUser(t.db);
    const group = await buildGroup(t.db, owner.user.id, { name: 'Walkers' });
    const made = [];
    for (let i = 0; i < 12; i++) {
      const [p] = await t.db
        .insert(posts)
        .values({
          userId: owner.user.id,
          groupId: group.id,
          text: `walk ${i}`,
          hits: (i * 7) % 12,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
        })
        .returning();
      made.push(p!);
    }
    const target = made[3]!;
    // distinct creation times: comments are shown oldest first, and two made within one millisecond
    // would fall back to the id order
    const [c1] = await t.db
      .insert(comments)
      .values({ postId: target.id, userId: owner.user.id, text: 'lovely', createdAt: new Date(Date.UTC(2026, 0, 2)) })
      .returning();
    await t.db.insert(comments).values({
      postId: target.id,
      userId: admin.user.id,
      text: 'thanks',
      createdAt: new Date(Date.UTC(2026, 0, 2, 0, 1)),
    });
    await t.db.insert(postHearts).values({ postId: target.id, userId: admin.user.id });

    const newest = (await api.get(`admin/group/${group.id}/posts?limit=10`)).json();
    expect(newest.total).toBe(12);
    expect(newest.items[0]).toMatchObject({
      _id: made[11]!.id,
      text: 'walk 11',
      hits: (11 * 7) % 12,
      hearts: 0,
      comments: 0,
      author: { _id: owner.user.id },
    });
    const rest = (await api.get(`admin/group/${group.id}/posts?limit=10&after=${newest.nextCursor}`)).json();
    expect(rest.items.map((p: { _id: string }) => p._id)).toEqual([made[1]!.id, made[0]!.id]);
    const byHits = (await api.get(`admin/group/${group.id}/posts?limit=12&sort=hits&dir=desc`)).json();
    const hits = byHits.items.map((p: { hits: number }) => p.hits);
    expect(hits).toEqual([...hits].sort((a, b) => b - a));
    const row = byHits.items.find((p: { _id: string }) => p._id === target.id);
    expect(row).toMatchObject({ hearts: 1, comments: 2 });
    for (const sort of ['hearts', 'comments']) {
      const top = (await api.get(`admin/group/${group.id}/posts?limit=1&sort=${sort}&dir=desc`)).json();
      expect(top.items[0]._id, sort).toBe(target.id);
    }
    expect((await api.get(`admin/group/${group.id}/posts?search=WALK%201`)).json().total).toBe(3);

    const loaded = (await api.get(`admin/post/${target.id}`)).json();
    expect(loaded).toMatchObject({
      text: 'walk 3',
      hearts: 1,
      commentCount: 2,
      group: { _id: group.id, name: 'Walkers' },
    });
    expect(loaded.comments[0]).toMatchObject({
      _id: c1!.id,
      text: 'lovely',
      author: { _id: owner.user.id, username: owner.user.username },
    });
    const saved = (
      await api.post(`admin/post/${target.id}`, {
        text: 'walk three',
        comments: [
          { _id: c1!.id, text: 'lovely walk' },
          { _id: loaded.comments[1]._id, text: 'thanks' },
        ],
      })
    ).json();
    expect(saved.text).toBe('walk three');
    expect(saved.comments.map((c: { text: string }) => c.text)).toEqual(['lovely walk', 'thanks']);
    expect((await lastAudit()).details).toEqual({
      text: { from: 'walk 3', to: 'walk three' },
      comments: [{ _id: c1!.id, from: 'lovely', to: 'lovely walk' }],
    });

    // a comment of another post, an empty comment or an empty post change nothing
    const [foreign] = await t.db
      .insert(comments)
      .values({ postId: made[0]!.id, userId: owner.user.id, text: 'elsewhere' })
      .returning();
    expect(
      (await api.post(`admin/post/${target.id}`, { text: 'x', comments: [{ _id: foreign!.id, text: 'y' }] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await api.post(`admin/post/${target.id}`, { text: 'x', comments: [{ _id: c1!.id, text: ' ' }] })).statusCode,
    ).toBe(400);
    expect((await api.post(`admin/post/${target.id}`, { text: '' })).statusCode).toBe(400);
    expect((await api.get(`admin/post/${target.id}`)).json().text).toBe('walk three');

    expect((await api.del(`admin/post/${target.id}`)).json()).toEqual({ deleted: true });
    expect((await api.get(`admin/group/${group.id}/posts`)).json().total).toBe(11);
  });

  it('answers the last page when the page asked for is past the end', async () => {
    const api = as(admin.token);
    const owner = await buildUser(t.db);
    const group = await buildGroup(t.db, owner.user.id);
    for (let i = 0; i < 11; i++)
      await t.db.insert(posts).values({
        userId: owner.user.id,
        groupId: group.id,
        text: `p${i}`,
        createdAt: new Date(Date.UTC(2026, 1, 1, 0, 0, i)),
      });
    const first = (await api.get(`admin/group/${group.id}/posts?limit=10`)).json();
    const last = (await api.get(`admin/group/${group.id}/posts?limit=10&after=${first.nextCursor}`)).json();
    expect(last.items).toHaveLength(1);
    await api.del(`admin/post/${last.items[0]._id}`);
    const again = (await api.get(`admin/group/${group.id}/posts?limit=10&after=${first.nextCursor}`)).json();
    expect(again.items).toHaveLength(10);
    expect(again.nextCursor).toBeNull();
    expect(again.prevCursor).toBeNull();
  });
});
