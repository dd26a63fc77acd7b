import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tierPrices, tiers } from '../../db/schema';
import { buildAdmin, buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const monthly = {
  name: 'Daily Breath',
  description: '',
  type: 'subscription',
  price: 10,
  interval: 'month',
  published: true,
};

const pricesOf = async (tierId: string) =>
  (await t.db.select().from(tierPrices).where(eq(tierPrices.tierId, tierId))).map((p) => ({
    interval: p.interval,
    amountCents: p.amountCents,
    isDefault: p.isDefault,
  }));

describe('a tier with several prices', () => {
  it('a new tier without a list has its one price as the default; the answer lists it', async () => {
    const { token } = await buildFacilitator(t.db);
    const res = await call(t.app, 'POST', '/api/app/tier/new', monthly, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ price: 10, interval: 'month' });
    expect(res.json().prices).toEqual([
      { id: expect.any(String), interval: 'month', price: 10, default: true, savingPercent: null },
    ]);
    expect(await pricesOf(res.json()._id)).toEqual([{ interval: 'month', amountCents: 1000, isDefault: true }]);
  });

  it('creates with a list: the spec fields answer the default price, a longer interval its saving', async () => {
    const { token } = await buildFacilitator(t.db);
    const res = await call(
      t.app,
      'POST',
      '/api/app/tier/new',
      {
        ...monthly,
        prices: [
          { interval: 'year', price: 84 },
          { interval: 'month', price: 10, default: true },
        ],
      },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ price: 10, interval: 'month' });
    expect(res.json().prices.map((p: { interval: string; savingPercent: number | null }) => p)).toMatchObject([
      { interval: 'month', price: 10, default: true, savingPercent: null },
      { interval: 'year', price: 84, default: false, savingPercent: 30 },
    ]);
    // the profile's plans carry the same list
    const plans = (await call(t.app, 'GET', '/api/app/facilitator/own/tiers', undefined, token)).json();
    expect(plans.find((p: { _id: string }) => p._id === res.json()._id).prices).toHaveLength(2);
  });

  it('refuses two prices of one interval, no default or two, several on a course or on a free plan', async () => {
    const { token } = await buildFacilitator(t.db);
    const send = (body: object) => call(t.app, 'POST', '/api/app/tier/new', { ...monthly, ...body }, token);
    const twoMonths = [
      { interval: 'month', price: 10, default: true },
      { interval: 'month', price: 12 },
    ];
    expect((await send({ prices: twoMonths })).statusCode).toBe(400);
    expect((await send({ prices: [{ interval: 'month', price: 10 }] })).statusCode).toBe(400);
    const course = await send({
      type: 'single',
      prices: [
        { interval: 'month', price: 10, default: true },
        { interval: 'year', price: 90 },
      ],
    });
    expect([course.statusCode, course.json().error]).toEqual([400, 'prices_for_subscriptions']);
    const free = await send({
      price: 0,
      prices: [
        { interval: 'month', price: 0, default: true },
        { interval: 'year', price: 90 },
      ],
    });
    expect([free.statusCode, free.json().error]).toEqual([400, 'free_plan_one_price']);
  });

  it('adds a yearly price to a monthly tier later and moves the default; the spec fields follow it', async () => {
    const { token } = await buildFacilitator(t.db);
    const tier = (await call(t.app, 'POST', '/api/app/tier/new', monthly, token)).json();
    const added = await call(
      t.app,
      'POST',
      `/api/app/tier/${tier._id}`,
      {
        prices: [
          { interval: 'month', price: 10, default: true },
          { interval: 'year', price: 100 },
        ],
      },
      token,
    );
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ price: 10, interval: 'month' });
    expect(added.json().prices[1]).toMatchObject({ interval: 'year', price: 100, savingPercent: 16 });
    const moved = await call(
      t.app,
      'POST',
      `/api/app/tier/${tier._id}`,
      {
        prices: [
          { interval: 'month', price: 10 },
          { interval: 'year', price: 100, default: true },
        ],
      },
      token,
    );
    expect(moved.json()).toMatchObject({ price: 100, interval: 'year' });
    const [row] = await t.db.select().from(tiers).where(eq(tiers.id, tier._id));
    expect(row).toMatchObject({ priceCents: 10000, billingInterval: 'year' });
    // the old fields alone keep their rule: a different price is refused
    const fixed = await call(t.app, 'POST', `/api/app/tier/${tier._id}`, { price: 12 }, token);
    expect([fixed.statusCode, fixed.json().error]).toEqual([400, 'fixed_after_creation']);
  });

  it('keeps the amount of a price members are on and refuses to remove it; adding another is allowed', async () => {
    const f = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, f.user.id, { price: 10 });
    const [monthPrice] = await t.db.select().from(tierPrices).where(eq(tierPrices.tierId, tier.id));
    const member = await buildUser(t.db);
    await buildSubscription(t.db, member.user.id, tier.id, {
      provider: 'test',
      providerSubscriptionId: 'sub_on_month',
      priceCents: 1000,
      tierPriceId: monthPrice!.id,
      billingInterval: 'month',
    });
    const update = (prices: object[]) => call(t.app, 'POST', `/api/app/tier/${tier.id}`, { prices }, f.token);
    const changed = await update([{ interval: 'month', price: 12, default: true }]);
    expect([changed.statusCode, changed.json().error]).toEqual([409, 'price_in_use']);
    const removed = await update([{ interval: 'year', price: 100, default: true }]);
    expect([removed.statusCode, removed.json().error]).toEqual([409, 'price_in_use']);
    // nothing was half-written
    expect(await pricesOf(tier.id)).toEqual([{ interval: 'month', amountCents: 1000, isDefault: true }]);
    const added = await update([
      { interval: 'month', price: 10, default: true },
      { interval: 'year', price: 100 },
    ]);
    expect(added.statusCode).toBe(200);
    expect(await pricesOf(tier.id)).toHaveLength(2);
  });

  it("an admin's new price of an unbought tier is its default price too", async () => {
    const f = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, f.user.id, { price: 10 });
    const admin = await buildAdmin(t.db);
    const res = await call(
      t.app,
      'POST',
      `/api/admin/tier/${tier.id}`,
      { name: tier.name, description: '', thumbnail: null, price: 12 },
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await pricesOf(tier.id)).toEqual([{ interval: 'month', amountCents: 1200, isDefault: true }]);
  });

  it('refuses another facilitator and a member (403), and a paid plan made free', async () => {
    const f = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, f.user.id, { price: 10 });
    const prices = [
      { interval: 'month', price: 10, default: true },
      { interval: 'year', price: 100 },
    ];
    const other = await buildFacilitator(t.db);
    const member = await buildUser(t.db);
    expect((await call(t.app, 'POST', `/api/app/tier/${tier.id}`, { prices }, other.token)).statusCode).toBe(403);
    expect((await call(t.app, 'POST', `/api/app/tier/${tier.id}`, { prices }, member.token)).statusCode).toBe(403);
    const free = await call(
      t.app,
      'POST',
      `/api/app/tier/${tier.id}`,
      { prices: [{ interval: 'month', price: 0, default: true }] },
      f.token,
    );
    expect([free.statusCode, free.json().error]).toEqual([400, 'fixed_after_creation']);
    expect(await pricesOf(tier.id)).toEqual([{ interval: 'month', amountCents: 1000, isDefault: true }]);
  });
});
