import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tiers } from '../../db/schema';
import { buildContent, buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const newTier = {
  name: 'Daily Breath',
  description: 'Ten minutes a day',
  type: 'subscription',
  price: 12.5,
  contentQueueFrequency: 2,
  published: true,
  releaseAllContent: false,
  allowDirectMessaging: true,
};

describe('creating tiers', () => {
  it('lets a facilitator create a tier; price travels in dollars and is kept in cents', async () => {
    const { user, token } = await buildFacilitator(t.db);
    const res = await call(t.app, 'POST', '/api/app/tier/new', newTier, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ...newTier,
      user: user.id,
      contentQueue: [],
      associatedGroup: null,
      interval: 'month',
      trialDays: 0,
    });
    const [row] = await t.db.select().from(tiers).where(eq(tiers.id, res.json()._id));
    expect(row!.priceCents).toBe(1250);
    // POST app/tier without an id creates too
    expect((await call(t.app, 'POST', '/api/app/tier', { ...newTier, name: 'Second' }, token)).statusCode).toBe(200);
  });

  it('creates a yearly tier with a free trial and reads it back', async () => {
    const { token } = await buildFacilitator(t.db);
    const res = await call(
      t.app,
      'POST',
      '/api/app/tier/new',
      { ...newTier, price: 120, interval: 'year', trialDays: 14 },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ price: 120, interval: 'year', trialDays: 14 });
    const [row] = await t.db.select().from(tiers).where(eq(tiers.id, res.json()._id));
    expect(row).toMatchObject({ billingInterval: 'year', trialDays: 14 });
    expect((await call(t.app, 'GET', `/api/app/tier/${res.json()._id}`, undefined, token)).json()).toMatchObject({
      interval: 'year',
      trialDays: 14,
    });
  });

  it('stores a course as monthly with no trial, whatever is sent', async () => {
    const { token } = await buildFacilitator(t.db);
    const res = await call(
      t.app,
      'POST',
      '/api/app/tier/new',
      { ...newTier, type: 'single', price: 40, interval: 'week', trialDays: 7 },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'single', interval: 'month', trialDays: 0 });
  });

  it('releases a course all at once when the call does not say; a subscription drips; a sent value wins', async () => {
    const { token } = await buildFacilitator(t.db);
    const { releaseAllContent: _omitted, ...unsaid } = newTier;
    const create = (body: object) => call(t.app, 'POST', '/api/app/tier/new', body, token);
    const course = await create({ ...unsaid, type: 'single', price: 40 });
    expect(course.statusCode).toBe(200);
    expect(course.json()).toMatchObject({ type: 'single', releaseAllContent: true });
    expect((await create(unsaid)).json()).toMatchObject({ type: 'subscription', releaseAllContent: false });
    const dripped = await create({ ...unsaid, type: 'single', price: 40, releaseAllContent: false });
    expect(dripped.json()).toMatchObject({ type: 'single', releaseAllContent: false });
  });

  it('refuses members (403) and visitors (401)', async () => {
    const { token } = await buildUser(t.db);
    expect((await call(t.app, 'POST', '/api/app/tier/new', newTier, token)).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/api/app/tier/new', newTier)).statusCode).toBe(401);
  });

  it.each([
    ['no name', { ...newTier, name: '' }],
    ['no type', { ...newTier, type: undefined }],
    ['no price', { ...newTier, price: undefined }],
    ['a negative price', { ...newTier, price: -1 }],
    ['frequency 0', { ...newTier, contentQueueFrequency: 0 }],
    ['an interval outside the option list', { ...newTier, interval: 'day' }],
    ['negative trial days', { ...newTier, trialDays: -1 }],
    ['part of a trial day', { ...newTier, trialDays: 1.5 }],
  ])('answers 400 for %s', async (_l, body) => {
    const { token } = await buildFacilitator(t.db);
    const res = await call(t.app, 'POST', '/api/app/tier/new', body, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_input');
  });
});

describe('editing tiers', () => {
  it('lets the owner edit; type and price can be sent back unchanged but never changed', async () => {
    const { user, token } = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, user.id, { price: 10 });
    const ok = await call(
      t.app,
      'POST',
      `/api/app/tier/${tier.id}`,
      { name: 'Renamed', type: 'subscription', price: 10 },
      token,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Renamed', price: 10 });

    for (const change of [{ price: 11 }, { type: 'single' }, { interval: 'year' }]) {
      const res = await call(t.app, 'POST', `/api/app/tier/${tier.id}`, change, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('fixed_after_creation');
    }
    const [row] = await t.db.select().from(tiers).where(eq(tiers.id, tier.id));
    expect(row).toMatchObject({ priceCents: 1000, type: 'subscription', billingInterval: 'month' });
  });

  it('keeps the interval (it may be sent back unchanged) and lets the trial change for new subscribers', async () => {
    const { user, token } = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, user.id, { price: 5, billingInterval: 'week' });
    const res = await call(t.app, 'POST', '/api/app/tier', { _id: tier.id, interval: 'week', trialDays: 7 }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ interval: 'week', trialDays: 7 });

    const refused = await call(t.app, 'POST', `/api/app/tier/${tier.id}`, { interval: 'month', trialDays: 3 }, token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('fixed_after_creation');
    expect((await call(t.app, 'POST', `/api/app/tier/${tier.id}`, { trialDays: 0 }, token)).json()).toMatchObject({
      trialDays: 0,
    });
    const [row] = await t.db.select().from(tiers).where(eq(tiers.id, tier.id));
    expect(row).toMatchObject({ billingInterval: 'week', trialDays: 0 });
  });

  it('never gives a course a trial', async () => {
    const { user, token } = await buildFacilitator(t.db);
    const course = await buildTier(t.db, user.id, { type: 'single', price: 40 });
    expect((await call(t.app, 'POST', `/api/app/tier/${course.id}`, { trialDays: 7 }, token)).json()).toMatchObject({
      trialDays: 0,
    });
    const renamed = await call(t.app, 'POST', `/api/app/tier/${course.id}`, { name: 'Ten Days', trialDays: 7 }, token);
    expect(renamed.json()).toMatchObject({ name: 'Ten Days', interval: 'month', trialDays: 0 });
  });

  it('refuses another facilitator and a member with 403 and changes nothing', async () => {
    const owner = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, owner.user.id);
    for (const other of [await buildFacilitator(t.db), await buildUser(t.db)]) {
      expect(
        (await call(t.app, 'POST', `/api/app/tier/${tier.id}`, { name: 'Hijacked' }, other.token)).statusCode,
      ).toBe(403);
      expect(
        (await call(t.app, 'POST', '/api/app/tier', { _id: tier.id, name: 'Hijacked' }, other.token)).statusCode,
      ).toBe(403);
      expect((await call(t.app, 'GET', `/api/app/tier/${tier.id}`, undefined, other.token)).statusCode).toBe(403);
      expect((await call(t.app, 'DELETE', `/api/app/tier/${tier.id}`, undefined, other.token)).statusCode).toBe(403);
    }
    const [row] = await t.db.select().from(tiers).where(eq(tiers.id, tier.id));
    expect(row!.name).toBe('Morning Calm');
  });

  it('answers 404 for a tier that does not exist', async () => {
    const { token } = await buildFacilitator(t.db);
    expect(
      (await call(t.app, 'GET', '/api/app/tier/00000000-0000-4000-8000-000000000000', undefined, token)).statusCode,
    ).toBe(404);
  });
});

describe('reordering the content queue (POST app/tier)', () => {
  it('persists a new order of the tier own items', async () => {
    const { user, token } = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, user.id);
    const [a, b, c] = [
      await buildContent(t.db, user.id, [tier.id]),
      await buildContent(t.db, user.id, [tier.id]),
      await buildContent(t.db, user.id, [tier.id]),
    ];
    const res = await call(
      t.app,
      'POST',
      '/api/app/tier',
      { _id: tier.id, contentQueue: [c!.id, a!.id, b!.id] },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().contentQueue).toEqual([c!.id, a!.id, b!.id]);
  });

  it('refuses duplicates and items of other tiers', async () => {
    const { user, token } = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, user.id);
    const other = await buildTier(t.db, user.id);
    const a = await buildContent(t.db, user.id, [tier.id]);
    const foreign = await buildContent(t.db, user.id, [other.id]);
    expect(
      (await call(t.app, 'POST', '/api/app/tier', { _id: tier.id, contentQueue: [a.id, a.id] }, token)).statusCode,
    ).toBe(400);
    expect(
      (await call(t.app, 'POST', '/api/app/tier', { _id: tier.id, contentQueue: [a.id, foreign.id] }, token))
        .statusCode,
    ).toBe(400);
  });
});

describe('I want to delete this program', () => {
  it("is refused while someone actively subscribes, with the product's texts", async () => {
    const { user, token } = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, user.id);
    const member = await buildUser(t.db);
    await buildSubscription(t.db, member.user.id, tier.id);
    const res = await call(t.app, 'DELETE', `/api/app/tier/${tier.id}`, undefined, token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'tier_has_subscribers',
      message: 'There are still active subscribers to this program.',
    });
    expect(await t.db.select().from(tiers).where(eq(tiers.id, tier.id))).toHaveLength(1);
  });

  it('deletes a program whose subscribers have all cancelled', async () => {
    const { user, token } = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, user.id);
    const member = await buildUser(t.db);
    await buildSubscription(t.db, member.user.id, tier.id, { cancelled: true });
    const res = await call(t.app, 'DELETE', `/api/app/tier/${tier.id}`, undefined, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true, message: 'Program has been deleted' });
    expect(await t.db.select().from(tiers).where(eq(tiers.id, tier.id))).toHaveLength(0);
  });
});

describe('GET app/tier/{id}/deletable (asked before the confirmation)', () => {
  it('says blocked while someone actively subscribes, and deletable once they cancelled', async () => {
    const { user, token } = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, user.id);
    const path = `/api/app/tier/${tier.id}/deletable`;
    expect((await call(t.app, 'GET', path, undefined, token)).json()).toEqual({
      deletable: true,
      activeSubscribers: 0,
    });
    const member = await buildUser(t.db);
    await buildSubscription(t.db, member.user.id, tier.id);
    expect((await call(t.app, 'GET', path, undefined, token)).json()).toEqual({
      deletable: false,
      activeSubscribers: 1,
    });
  });

  it('answers 401 to visitors, 403 to another facilitator, 404 for a missing tier', async () => {
    const { user } = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, user.id);
    const other = await buildFacilitator(t.db);
    expect((await call(t.app, 'GET', `/api/app/tier/${tier.id}/deletable`)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `/api/app/tier/${tier.id}/deletable`, undefined, other.token)).statusCode).toBe(
      403,
    );
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call(t.app, 'GET', `/api/app/tier/${missing}/deletable`, undefined, other.token)).statusCode).toBe(
      404,
    );
  });
});

describe('GET app (program page data)', () => {
  it("gives a facilitator their own tiers and content, with each item's tiers", async () => {
    const { user, token } = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, user.id);
    const item = await buildContent(t.db, user.id, [tier.id]);
    const other = await buildFacilitator(t.db);
    await buildTier(t.db, other.user.id, { name: 'Not mine' });
    const res = (await call(t.app, 'GET', '/api/app', undefined, token)).json();
    expect(res.isFacilitator).toBe(true);
    expect(res.tiers.map((x: { _id: string }) => x._id)).toEqual([tier.id]);
    expect(res.content).toEqual([
      expect.objectContaining({ _id: item.id, tiers: [tier.id], user: expect.objectContaining({ _id: user.id }) }),
    ]);
  });
});

describe('GET app/facilitator/first-day', () => {
  it('ticks off a tier, content and publishing as they happen', async () => {
    const { user, token } = await buildFacilitator(t.db);
    const path = '/api/app/facilitator/first-day';
    expect((await call(t.app, 'GET', path, undefined, token)).json()).toEqual({
      payouts: 'not_linked',
      tiers: 0,
      content: 0,
      publishedTiers: 0,
    });
    const draft = await buildTier(t.db, user.id, { published: false });
    await buildContent(t.db, user.id, [draft.id]);
    expect((await call(t.app, 'GET', path, undefined, token)).json()).toEqual({
      payouts: 'not_linked',
      tiers: 1,
      content: 1,
      publishedTiers: 0,
    });
    await t.db.update(tiers).set({ published: true }).where(eq(tiers.id, draft.id));
    expect((await call(t.app, 'GET', path, undefined, token)).json()).toMatchObject({ publishedTiers: 1 });
  });

  it('answers 401 to visitors and 403 to members', async () => {
    const member = await buildUser(t.db);
    expect((await call(t.app, 'GET', '/api/app/facilitator/first-day')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/app/facilitator/first-day', undefined, member.token)).statusCode).toBe(403);
  });
});
