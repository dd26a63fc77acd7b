import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog, subscriptions, tags, testProviderSubscriptions, tiers, users } from '../../db/schema';
import {
  buildAdmin,
  buildFacilitator,
  buildGroup,
  buildSubscription,
  buildTier,
  buildUser,
} from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildAdmin>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await buildAdmin(t.db);
});
afterAll(() => t.close());

const api = () => ({
  get: (url: string) => call(t.app, 'GET', `/api/${url}`, undefined, admin.token),
  post: (url: string, body: unknown) => call(t.app, 'POST', `/api/${url}`, body, admin.token),
  del: (url: string) => call(t.app, 'DELETE', `/api/${url}`, undefined, admin.token),
});
const forged = (values: string[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
const SOME_ID = '00000000-0000-4000-8000-000000000000';
const auditCount = async () => (await t.db.select({ id: auditLog.id }).from(auditLog)).length;

describe('admin lists: forged cursors', () => {
  it('answer 400, not 500, for values that look printed but PostgreSQL cannot cast', async () => {
    const owner = await buildUser(t.db);
    const group = await buildGroup(t.db, owner.user.id);
    const cases = [
      // past int4
      `admin/group/${group.id}/posts?sort=hits&after=${forged(['9999999999', SOME_ID])}`,
      `admin/group/${group.id}/posts?sort=hearts&dir=desc&before=${forged(['-2147483649', SOME_ID])}`,
      // a month, day or hour that does not exist; year 0; an offset past 15:59
      `admin/group/${group.id}/posts?after=${forged(['2024-13-45 99:99:99+00', SOME_ID])}`,
      `admin/group/${group.id}/posts?after=${forged(['2023-02-29 10:00:00+00', SOME_ID])}`,
      `admin/group/${group.id}/posts?after=${forged(['0000-01-01 00:00:00+00', SOME_ID])}`,
      `admin/user?after=${forged(['2024-01-01 00:00:00+16', SOME_ID])}`,
      // a NUL character, which PostgreSQL text cannot hold
      `admin/user?sort=email&after=${forged(['\u0000', SOME_ID])}`,
    ];
    for (const url of cases) {
      const res = await api().get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'invalid_cursor',
        message: expect.stringMatching(/page link is not valid/),
      });
    }
  });

  it('accept the cursor of an account with a long email address (sorted by the facilitator flag)', async () => {
    // the first non-facilitator by email: '0…' sorts before every other address
    const long = `0${'a'.repeat(240)}@example.test`;
    await buildUser(t.db, { email: long });
    const first = (await api().get('admin/user?sort=isFacilitator&dir=asc&limit=1')).json();
    expect(first.items[0].email).toBe(long);
    const next = await api().get(`admin/user?sort=isFacilitator&dir=asc&limit=1&after=${first.nextCursor}`);
    expect(next.statusCode).toBe(200);
    expect(next.json().items[0].email).not.toBe(long);
  });
});

describe('admin calls: a NUL character in the input', () => {
  it('answers 400, not 500, in a search, and in a form it changes nothing', async () => {
    const owner = await buildUser(t.db);
    const group = await buildGroup(t.db, owner.user.id);
    expect((await api().get('admin/facilitator?search=%00')).statusCode).toBe(400);
    expect((await api().get(`admin/group/${group.id}/posts?search=a%00b`)).statusCode).toBe(400);

    const before = await auditCount();
    const tag = await api().post('admin/tag', { text: 'calm\u0000' });
    expect(tag.statusCode).toBe(400);
    const user = await api().post('admin/user', {
      name: 'Nul Person',
      username: 'nul_person',
      email: 'nul.person@example.test',
      bio: 'hello\u0000',
      isAdmin: false,
      isFacilitator: false,
      emailConfirmed: true,
    });
    expect(user.statusCode).toBe(400);
    expect((await api().post(`admin/group/${group.id}`, { name: 'Walk\u0000ers' })).statusCode).toBe(400);
    expect(await auditCount()).toBe(before);
    expect(await t.db.select().from(users).where(eq(users.username, 'nul_person'))).toEqual([]);
    expect(await t.db.select().from(tags).where(sql`${tags.text} like 'calm%'`)).toEqual([]);
  });
});

describe('admin tier form: the price', () => {
  it('refuses a missing price (null, empty) instead of making the tier free', async () => {
    const f = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, f.user.id, { price: 9, name: 'Dusk' });
    for (const price of [null, '', '  ', false]) {
      const res = await api().post(`admin/tier/${tier.id}`, { name: 'Dusk', price });
      expect(res.statusCode, JSON.stringify(price)).toBe(400);
    }
    expect((await t.db.select().from(tiers).where(eq(tiers.id, tier.id)))[0]!.priceCents).toBe(900);
    // a number typed as text still works (the form sends what the input holds)
    expect((await api().post(`admin/tier/${tier.id}`, { name: 'Dusk', price: '9.50' })).json().price).toBe(9.5);
  });
});

describe('deleting an account or a tier: paid subscriptions left open at the provider', () => {
  /** A test-mode provider subscription in `status`, mirrored on a local row. */
  async function openSubscription(userId: string, tierId: string, status: string) {
    const id = `sub_test_${Math.random().toString(36).slice(2, 12)}`;
    await t.db.insert(testProviderSubscriptions).values({
      id,
      customerId: `cus_test_${userId}`,
      status,
      currentPeriodEnd: Math.floor(Date.now() / 1000) + 86_400,
      amountCents: 1200,
      metadata: JSON.stringify({ userId, tierId }),
    });
    await buildSubscription(t.db, userId, tierId, {
      provider: 'test',
      providerSubscriptionId: id,
      status,
      priceCents: 1200,
    });
    return id;
  }
  const providerStatus = async (id: string) =>
    (await t.db.select().from(testProviderSubscriptions).where(eq(testProviderSubscriptions.id, id)))[0]!.status;

  // unpaid: Stripe's retries ran out, access has ended, but the subscription is still open there
  it("cancels an unpaid subscriber's subscription to the deleted facilitator's tier, and the account's own", async () => {
    const f = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, f.user.id, { price: 12 });
    const subscriber = await buildUser(t.db);
    const theirs = await openSubscription(subscriber.user.id, tier.id, 'unpaid');
    const other = await buildFacilitator(t.db);
    const otherTier = await buildTier(t.db, other.user.id, { price: 12 });
    const own = await openSubscription(f.user.id, otherTier.id, 'past_due');

    expect((await api().del(`admin/facilitator/${f.user.id}`)).json()).toEqual({ deleted: true });
    // nobody keeps being charged for a program, or by an account, that no longer exists
    expect(await providerStatus(theirs)).toBe('canceled');
    expect(await providerStatus(own)).toBe('canceled');
  });

  it('counts a past-due subscriber as paying: they keep access while the card is retried, so the delete is refused', async () => {
    const f = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, f.user.id, { price: 12 });
    const subscriber = await buildUser(t.db);
    const theirs = await openSubscription(subscriber.user.id, tier.id, 'past_due');
    expect((await api().del(`admin/facilitator/${f.user.id}/tiers/${tier.id}`)).statusCode).toBe(409);
    expect(await providerStatus(theirs)).toBe('past_due');
  });

  it("cancels an unpaid subscriber's subscription to a tier an admin deletes", async () => {
    const f = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, f.user.id, { price: 12 });
    const subscriber = await buildUser(t.db);
    const theirs = await openSubscription(subscriber.user.id, tier.id, 'unpaid');
    expect((await api().del(`admin/facilitator/${f.user.id}/tiers/${tier.id}`)).json()).toEqual({ deleted: true });
    expect(await providerStatus(theirs)).toBe('canceled');
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.tierId, tier.id))).toEqual([]);
  });
});

describe('admin search', () => {
  it('finds a facilitator by their name as shown, where JavaScript and PostgreSQL lower case differently', async () => {
    for (const name of ['ΟΔΟΣ Ήλιος', 'İlke Yıldız']) {
      const f = await buildFacilitator(t.db, { name });
      const found = (await api().get(`admin/facilitator?search=${encodeURIComponent(name.split(' ')[0]!)}`)).json();
      expect(
        found.items.map((r: { _id: string }) => r._id),
        name,
      ).toEqual([f.user.id]);
    }
  });
});
