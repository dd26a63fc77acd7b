import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MembersAnswer, MoneySummaryAnswer } from '../../../common/payments/money-schemas';
import { revenueEntries, type User } from '../../db/schema';
import { buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ platformFeePercent: 10 });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

/** A paid subscription as the provider leaves it (test mode). */
const paid = (price: number, overrides: Parameters<typeof buildSubscription>[3] = {}) => ({
  provider: 'test' as const,
  priceCents: Math.round(price * 100),
  status: 'active',
  ...overrides,
});

/** A revenue entry as the payment events write it; reversals negative. */
async function entry(
  facilitator: User,
  o: {
    tierId?: string | null;
    tierName?: string;
    memberId?: string | null;
    cents: number;
    fee?: number;
    kind?: 'payment' | 'refund' | 'dispute';
    daysAgo?: number;
  },
) {
  await t.db.insert(revenueEntries).values({
    facilitatorId: facilitator.id,
    tierId: o.tierId ?? null,
    tierName: o.tierName ?? 'Morning Calm',
    memberId: o.memberId ?? null,
    amountCents: o.cents,
    feeCents: o.fee ?? 0,
    kind: o.kind ?? 'payment',
    occurredAt: daysFromNow(-(o.daysAgo ?? 1)),
    sourceId: `in_${randomUUID()}`,
  });
}

const get = (url: string, token?: string) => call(t.app, 'GET', `/api/${url}`, undefined, token);

describe('who may see the money tools', () => {
  const paths = [
    'app/facilitator/money',
    'app/facilitator/members',
    'app/facilitator/members.csv',
    'app/facilitator/revenue.csv',
    'app/facilitator/payouts',
  ];

  it.each(paths)('%s: 401 for visitors, 403 for members', async (path) => {
    const { token } = await buildUser(t.db);
    expect((await get(path)).statusCode).toBe(401);
    const refused = await get(path, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('earnings_facilitators_only');
  });

  it.each([
    ['a period that is not one', 'app/facilitator/money?period=day'],
    ['a tier id that is not one', 'app/facilitator/members?tierId=nope'],
    ['a page size of 0', 'app/facilitator/members?limit=0'],
    ['a page size over 100', 'app/facilitator/members?limit=101'],
    ['a CSV period that is not one', 'app/facilitator/revenue.csv?period=decade'],
  ])('answers 400 for %s', async (_label, path) => {
    const { token } = await buildFacilitator(t.db);
    expect((await get(path, token)).statusCode).toBe(400);
  });

  it("answers 404 for another facilitator's tier, in the list and in the export", async () => {
    const other = await buildFacilitator(t.db);
    const theirs = await buildTier(t.db, other.user.id, { price: 10 });
    const { user: member } = await buildUser(t.db);
    await buildSubscription(t.db, member.id, theirs.id, paid(10));
    const { token } = await buildFacilitator(t.db);
    for (const path of [
      `app/facilitator/members?tierId=${theirs.id}`,
      `app/facilitator/members.csv?tierId=${theirs.id}`,
    ]) {
      const res = await get(path, token);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(member.name);
    }
    // and a tier that does not exist reads the same
    expect((await get(`app/facilitator/members?tierId=${randomUUID()}`, token)).statusCode).toBe(404);
  });

  it("lists only the caller's own members when no tier is named", async () => {
    const other = await buildFacilitator(t.db);
    const theirs = await buildTier(t.db, other.user.id, { price: 10 });
    const { user: theirMember } = await buildUser(t.db);
    await buildSubscription(t.db, theirMember.id, theirs.id, paid(10));
    const { token } = await buildFacilitator(t.db);
    const res = await get('app/facilitator/members', token);
    expect(res.statusCode).toBe(200);
    expect(MembersAnswer.parse(res.json())).toEqual({ members: [], next: null });
  });
});

describe('GET app/facilitator/money', () => {
  it('counts a weekly, a monthly and a yearly plan at their monthly equivalents', async () => {
    const { user, token } = await buildFacilitator(t.db);
    const weekly = await buildTier(t.db, user.id, { name: 'Weekly', price: 7, billingInterval: 'week' });
    const monthly = await buildTier(t.db, user.id, { name: 'Monthly', price: 10, billingInterval: 'month' });
    const yearly = await buildTier(t.db, user.id, { name: 'Yearly', price: 120, billingInterval: 'year' });
    const course = await buildTier(t.db, user.id, { name: 'Course', price: 50, type: 'single' });
    const free = await buildTier(t.db, user.id, { name: 'Free', price: 0 });
    const [a, b, c, d, e, f] = await Promise.all([1, 2, 3, 4, 5, 6].map(() => buildUser(t.db).then((u) => u.user)));
    await buildSubscription(t.db, a!.id, weekly.id, paid(7));
    await buildSubscription(t.db, a!.id, monthly.id, paid(10));
    await buildSubscription(t.db, b!.id, yearly.id, paid(120, { status: 'past_due' }));
    // not recurring revenue: a trial, a course, a free plan, an ended and an unpaid subscription
    await buildSubscription(t.db, c!.id, monthly.id, paid(10, { status: 'trialing' }));
    await buildSubscription(t.db, d!.id, course.id, paid(50));
    await buildSubscription(t.db, e!.id, free.id);
    await buildSubscription(
      t.db,
      f!.id,
      weekly.id,
      paid(7, { status: 'canceled', cancelled: true, endDate: daysFromNow(-2) }),
    );
    await buildSubscription(t.db, f!.id, yearly.id, paid(120, { status: 'unpaid' }));

    const res = await get('app/facilitator/money?period=month', token);
    expect(res.statusCode).toBe(200);
    const money = MoneySummaryAnswer.parse(res.json());
    // $7 a week is 52/12 of it a month ($30.33), $10 a month, $120 a year is $10 a month
    expect(money.mrr).toBe(50.33);
    expect(money.activePayingMembers).toBe(2);
    expect(money.trialing).toBe(1);
    expect(money.feePercent).toBe(10);
    expect(money.period).toBe('month');
  });

  it('nets refunds, disputes and the platform fee; the window is one period back', async () => {
    const { user, token } = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, user.id, { price: 10 });
    await entry(user, { tierId: tier.id, cents: 1000, fee: 100 });
    await entry(user, { tierId: tier.id, cents: 2000, fee: 200, daysAgo: 3 });
    await entry(user, { tierId: tier.id, cents: -1000, fee: -100, kind: 'refund' });
    await entry(user, { tierId: tier.id, cents: -500, fee: 0, kind: 'dispute' });
    await entry(user, { tierName: 'Sessions', cents: 1500, fee: 150, daysAgo: 20 });
    // before the week
    await entry(user, { tierId: tier.id, cents: 9900, fee: 990, daysAgo: 9 });

    const week = MoneySummaryAnswer.parse((await get('app/facilitator/money?period=week', token)).json());
    expect(week).toMatchObject({ gross: 30, refunds: 10, disputes: 5, fees: 2, net: 13 });

    const month = MoneySummaryAnswer.parse((await get('app/facilitator/money?period=month', token)).json());
    expect(month).toMatchObject({ gross: 144, refunds: 10, disputes: 5, fees: 13.4, net: 115.6 });
    expect(month.net).toBeCloseTo(month.gross - month.refunds - month.disputes - month.fees, 6);
  });

  it('counts new subscriptions and those that ended or will end in the period', async () => {
    const { user, token } = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, user.id, { price: 10 });
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => buildUser(t.db).then((u) => u.user)));
    await buildSubscription(t.db, a!.id, tier.id, paid(10));
    await buildSubscription(t.db, b!.id, tier.id, paid(10, { createdAt: daysFromNow(-40) }));
    await buildSubscription(
      t.db,
      c!.id,
      tier.id,
      paid(10, { createdAt: daysFromNow(-60), status: 'canceled', cancelled: true, endDate: daysFromNow(-3) }),
    );
    await buildSubscription(
      t.db,
      d!.id,
      tier.id,
      paid(10, { createdAt: daysFromNow(-60), cancelled: true, cancelAtPeriodEnd: true, endDate: daysFromNow(5) }),
    );

    const money = MoneySummaryAnswer.parse((await get('app/facilitator/money?period=month', token)).json());
    expect(money).toMatchObject({ newSubscriptions: 1, cancelledSubscriptions: 1, endingSubscriptions: 1 });
    // paid up to its end, the cancelled-at-period-end one still counts
    expect(money.activePayingMembers).toBe(3);
    expect(
      MoneySummaryAnswer.parse((await get('app/facilitator/money?period=year', token)).json()).newSubscriptions,
    ).toBe(4);
  });

  it('answers zeros for a facilitator without tiers, for the default period (year)', async () => {
    const { token } = await buildFacilitator(t.db);
    const money = MoneySummaryAnswer.parse((await get('app/facilitator/money', token)).json());
    expect(money).toMatchObject({ period: 'year', mrr: 0, activePayingMembers: 0, gross: 0, net: 0 });
  });
});
