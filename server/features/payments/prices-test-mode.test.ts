import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MoneySummaryAnswer } from '../../../common/payments/money-schemas';
import { revenueEntries, subscriptions, testProviderSubscriptions, tierPrices } from '../../db/schema';
import { buildFacilitator, buildUser } from '../../test/factories';
import { call, startSecondInstance, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
/** a second app instance on the same database: what must happen once is guarded there */
let second: Awaited<ReturnType<typeof startSecondInstance>>;
beforeAll(async () => {
  t = await startTestApp();
  second = await startSecondInstance(t);
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

const DAY = 86_400;

/** A facilitator's plan at $10 a month (the default) or $84 a year. */
async function monthlyOrYearly() {
  const facilitator = await buildFacilitator(t.db, { name: 'Maya' });
  const res = await call(
    t.app,
    'POST',
    '/api/app/tier/new',
    {
      name: 'Deep Practice',
      type: 'subscription',
      price: 10,
      published: true,
      prices: [
        { interval: 'month', price: 10, default: true },
        { interval: 'year', price: 84 },
      ],
    },
    facilitator.token,
  );
  expect(res.statusCode).toBe(200);
  return { facilitator, tierId: res.json()._id as string };
}

/** The member checks out (optionally of one interval) on the test-mode page and pays. */
async function subscribe(token: string, tierId: string, interval?: string) {
  const query = interval ? `?interval=${interval}` : '';
  const start = await call(
    t.app,
    'GET',
    `/api/app/subscribe/${tierId}/create-checkout-session${query}`,
    undefined,
    token,
  );
  expect(start.statusCode, start.body).toBe(200);
  const sessionId = start.json().url.split('/').pop();
  const page = (await call(t.app, 'GET', `/api/test-mode/checkout/${sessionId}`, undefined, token)).json();
  expect((await call(t.app, 'POST', `/api/test-mode/checkout/${sessionId}/pay`, {}, token)).statusCode).toBe(200);
  return page;
}

const rowOf = async (userId: string) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]!;

describe('checkout of a chosen interval in test mode', () => {
  it('bills the default price without an interval, and the yearly price when asked; each subscription records its price', async () => {
    const { tierId } = await monthlyOrYearly();
    const monthly = await buildUser(t.db);
    const yearly = await buildUser(t.db);
    expect(await subscribe(monthly.token, tierId)).toMatchObject({ amount: 1000, interval: 'month' });
    expect(await subscribe(yearly.token, tierId, 'year')).toMatchObject({ amount: 8400, interval: 'year' });
    const prices = await t.db.select().from(tierPrices).where(eq(tierPrices.tierId, tierId));
    const idOf = (i: string) => prices.find((p) => p.interval === i)!.id;
    expect(await rowOf(monthly.user.id)).toMatchObject({
      priceCents: 1000,
      billingInterval: 'month',
      tierPriceId: idOf('month'),
    });
    expect(await rowOf(yearly.user.id)).toMatchObject({
      priceCents: 8400,
      billingInterval: 'year',
      tierPriceId: idOf('year'),
    });
    const [remote] = await t.db
      .select()
      .from(testProviderSubscriptions)
      .where(eq(testProviderSubscriptions.id, (await rowOf(yearly.user.id)).providerSubscriptionId!));
    expect(remote).toMatchObject({ amountCents: 8400, interval: 'year' });
    // My Subscriptions says the interval and offers the other prices
    const [mine] = (await call(t.app, 'GET', '/api/app/subscriptions', undefined, monthly.token)).json();
    expect(mine).toMatchObject({ interval: 'month', canSwitchInterval: true, price: 10 });
    expect(mine.prices.map((p: { interval: string }) => p.interval)).toEqual(['month', 'year']);
  });

  it('refuses an interval the plan has no price for, and a bad one, without opening a checkout', async () => {
    const { tierId } = await monthlyOrYearly();
    const member = await buildUser(t.db);
    const week = await call(
      t.app,
      'GET',
      `/api/app/subscribe/${tierId}/create-checkout-session?interval=week`,
      undefined,
      member.token,
    );
    expect([week.statusCode, week.json().error]).toEqual([400, 'price_not_found']);
    const bad = await call(
      t.app,
      'GET',
      `/api/app/subscribe/${tierId}/create-checkout-session?interval=day`,
      undefined,
      member.token,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('counts MRR per subscription interval, to the cent: $10 a month and $84 a year make $17.00', async () => {
    const { facilitator, tierId } = await monthlyOrYearly();
    await subscribe((await buildUser(t.db)).token, tierId, 'month');
    await subscribe((await buildUser(t.db)).token, tierId, 'year');
    const money = MoneySummaryAnswer.parse(
      (await call(t.app, 'GET', '/api/app/facilitator/money?period=month', undefined, facilitator.token)).json(),
    );
    expect(money.mrr).toBe(17);
    expect(money.activePayingMembers).toBe(2);
  });
});

describe('editing prices on two instances at once', () => {
  it('applies both edits one after the other: one price per interval, one default', async () => {
    const { facilitator, tierId } = await monthlyOrYearly();
    const edit = (app: typeof t.app, defaultInterval: 'month' | 'year') =>
      call(
        app,
        'POST',
        `/api/app/tier/${tierId}`,
        {
          prices: [
            { interval: 'week', price: 3, default: false },
            { interval: 'month', price: 10, default: defaultInterval === 'month' },
            { interval: 'year', price: 84, default: defaultInterval === 'year' },
          ],
        },
        facilitator.token,
      );
    const answers = await Promise.all([edit(t.app, 'year'), edit(second.app, 'month')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const rows = await t.db.select().from(tierPrices).where(eq(tierPrices.tierId, tierId));
    expect(rows.map((r) => r.interval).sort()).toEqual(['month', 'week', 'year']);
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
  });
});

describe('switching interval in test mode', () => {
  it('moves a monthly subscriber to yearly: prorated, the period starts again, the row follows the provider', async () => {
    const { facilitator, tierId } = await monthlyOrYearly();
    const member = await buildUser(t.db);
    await subscribe(member.token, tierId);
    const sub = await rowOf(member.user.id);
    // half of the month paid for is left: it is worth $5 against the year's $84
    await t.db
      .update(testProviderSubscriptions)
      .set({ currentPeriodEnd: Math.floor(Date.now() / 1000) + 15 * DAY })
      .where(eq(testProviderSubscriptions.id, sub.providerSubscriptionId!));
    const res = await call(
      t.app,
      'POST',
      `/api/app/subscriptions/${sub.id}/interval`,
      { interval: 'year' },
      member.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ interval: 'year', price: 84 });
    const after = await rowOf(member.user.id);
    expect(after).toMatchObject({ billingInterval: 'year', priceCents: 8400 });
    expect(after.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 360 * DAY * 1000);
    const paid = await t.db.select().from(revenueEntries).where(eq(revenueEntries.facilitatorId, facilitator.user.id));
    expect(paid.map((r) => r.amountCents).sort((a, b) => a - b)).toEqual([1000, 7900]);
    // the same price again is refused
    const again = await call(
      t.app,
      'POST',
      `/api/app/subscriptions/${sub.id}/interval`,
      { interval: 'year' },
      member.token,
    );
    expect([again.statusCode, again.json().error]).toEqual([400, 'same_price']);
  });

  it('bills the change once when two switches arrive at once', async () => {
    const { facilitator, tierId } = await monthlyOrYearly();
    const member = await buildUser(t.db);
    await subscribe(member.token, tierId);
    const sub = await rowOf(member.user.id);
    const answers = await Promise.all(
      [1, 2].map(() =>
        call(t.app, 'POST', `/api/app/subscriptions/${sub.id}/interval`, { interval: 'year' }, member.token),
      ),
    );
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    const paid = await t.db.select().from(revenueEntries).where(eq(revenueEntries.facilitatorId, facilitator.user.id));
    expect(paid).toHaveLength(2);
  });

  it('refuses a visitor (401), another member (404), a free plan and an unknown interval (400)', async () => {
    const { tierId } = await monthlyOrYearly();
    const member = await buildUser(t.db);
    await subscribe(member.token, tierId);
    const sub = await rowOf(member.user.id);
    const url = `/api/app/subscriptions/${sub.id}/interval`;
    expect((await call(t.app, 'POST', url, { interval: 'year' })).statusCode).toBe(401);
    const other = await buildUser(t.db);
    expect((await call(t.app, 'POST', url, { interval: 'year' }, other.token)).statusCode).toBe(404);
    const week = await call(t.app, 'POST', url, { interval: 'week' }, member.token);
    expect([week.statusCode, week.json().error]).toEqual([400, 'price_not_found']);
    expect((await call(t.app, 'POST', url, { interval: 'fortnight' }, member.token)).statusCode).toBe(400);

    const facilitator = await buildFacilitator(t.db);
    const free = (
      await call(
        t.app,
        'POST',
        '/api/app/tier/new',
        { name: 'Free', type: 'subscription', price: 0, published: true },
        facilitator.token,
      )
    ).json();
    expect((await call(t.app, 'GET', `/api/app/subscribe/${free._id}`, undefined, member.token)).statusCode).toBe(200);
    const freeSub = (await call(t.app, 'GET', `/api/app/subscriptions/${free._id}`, undefined, member.token)).json();
    const refused = await call(
      t.app,
      'POST',
      `/api/app/subscriptions/${freeSub._id}/interval`,
      { interval: 'year' },
      member.token,
    );
    expect([refused.statusCode, refused.json().error]).toEqual([400, 'not_switchable']);
  });
});
