import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { revenueEntries, users } from '../../db/schema';
import { buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = (url: string, token?: string) => call(t.app, 'GET', `/api/${url}`, undefined, token);

/** A member checks out (an interval, an offer code) on the test-mode page and pays. */
async function subscribe(token: string, tierId: string, opts: { interval?: 'month' | 'year'; offer?: string } = {}) {
  const query = new URLSearchParams();
  if (opts.interval) query.set('interval', opts.interval);
  if (opts.offer) query.set('offer', opts.offer);
  const start = await get(`app/subscribe/${tierId}/create-checkout-session?${query.toString()}`, token);
  expect(start.statusCode, start.body).toBe(200);
  const id = start.json().url.split('/').pop();
  const paid = await call(t.app, 'POST', `/api/test-mode/checkout/${id}/pay`, {}, token);
  expect(paid.statusCode, paid.body).toBe(200);
}

/** Test mode's renewal of the member's one paid subscription (a trial's end is its first charge). */
async function renew(token: string) {
  const [sub] = (await get('test-mode/billing', token)).json();
  const res = await call(t.app, 'POST', '/api/test-mode/billing/renew', { sub: sub._id }, token);
  expect(res.statusCode, res.body).toBe(200);
}

async function offer(token: string, tierId: string, body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', `/api/app/tier/${tierId}/offers`, body, token);
  expect(res.statusCode, res.body).toBe(200);
}

describe("a paid community's earnings, to the cent (test mode)", () => {
  it('MRR counts what each paying subscription is billed now (a discount for good taken off, a first-payment one not, a yearly price as a twelfth, trials not yet paying left out); revenue, discounts, trials and the CSV match', async () => {
    const maya = await buildFacilitator(t.db, { name: 'Maya' });
    await t.db.update(users).set({ timeZone: 'UTC' }).where(eq(users.id, maya.user.id));
    const made = await call(
      t.app,
      'POST',
      '/api/app/tier/new',
      {
        name: 'Circle',
        type: 'subscription',
        price: 12,
        published: true,
        prices: [
          { interval: 'month', price: 12, default: true },
          { interval: 'year', price: 100 },
        ],
      },
      maya.token,
    );
    expect(made.statusCode, made.body).toBe(200);
    const tierId = made.json()._id as string;
    await offer(maya.token, tierId, { code: 'YEAR20', kind: 'percent', percentOff: 20, duration: 'forever' });
    await offer(maya.token, tierId, { code: 'HALF', kind: 'percent', percentOff: 50, duration: 'once' });
    await offer(maya.token, tierId, { code: 'TRY7', kind: 'trial', trialDays: 7 });

    const ids = new Map<string, string>();
    const member = async (name: string) => {
      const built = await buildUser(t.db, { name });
      ids.set(built.token, built.user.id);
      return built.token;
    };
    const monthly = await member('Mo Monthly');
    await subscribe(monthly, tierId, { interval: 'month' });
    const yearly = await member('Yu Yearly');
    await subscribe(yearly, tierId, { interval: 'year' });
    const yearlyOffer = await member('Yo Yearoffer');
    await subscribe(yearlyOffer, tierId, { interval: 'year', offer: 'YEAR20' });
    const half = await member('Ha Half');
    await subscribe(half, tierId, { interval: 'month', offer: 'HALF' });
    await renew(half);
    const trialing = await member('Tr Trialing');
    await subscribe(trialing, tierId, { interval: 'month', offer: 'TRY7' });
    const converts = await member('Co Converts');
    await subscribe(converts, tierId, { interval: 'month', offer: 'TRY7' });
    await renew(converts);

    const entries = await t.db
      .select()
      .from(revenueEntries)
      .where(eq(revenueEntries.facilitatorId, maya.user.id))
      .orderBy(revenueEntries.occurredAt, revenueEntries.amountCents);
    const byMember = async (token: string) =>
      entries
        .filter((e) => e.memberId === ids.get(token))
        .map((e) => [e.kind, e.amountCents, e.discountCents, e.offerCode]);
    expect(await byMember(monthly)).toEqual([['payment', 1200, 0, null]]);
    expect(await byMember(yearly)).toEqual([['payment', 10000, 0, null]]);
    expect(await byMember(yearlyOffer)).toEqual([['payment', 8000, 2000, 'YEAR20']]);
    // 50% off the first payment, then the full price at renewal (the offer stays named, with no discount)
    expect(await byMember(half)).toEqual([
      ['payment', 600, 600, 'HALF'],
      ['payment', 1200, 0, 'HALF'],
    ]);
    expect(await byMember(trialing)).toEqual([]);
    expect(await byMember(converts)).toEqual([['payment', 1200, 0, 'TRY7']]);

    const money = (await get('app/facilitator/money?period=month', maya.token)).json();
    expect(money).toMatchObject({
      // month: 3 × $12 = $36 (monthly, the half-price member renewed at $12, the converted trial);
      // year: ($100 + $80, the 20% off for good taken off) / 12 = $15
      mrr: 51,
      activePayingMembers: 5,
      trialing: 1,
      trialStarts: 2,
      trialConversions: 1,
      newSubscriptions: 6,
      // 12 + 100 + 80 + 6 + 12 + 12
      gross: 222,
      refunds: 0,
    });
    expect(money.fees + money.net).toBeCloseTo(222, 2);

    const csv = await get('app/facilitator/revenue.csv?period=month', maya.token);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"Date (UTC)","Tier","Kind","Member","Amount (USD)","Platform fee (USD)","Net (USD)","Dispute","Reference","Offer code","Discount (USD)"',
    );
    const rows = lines
      .slice(1)
      .map((line) => line.split(','))
      .map((cells) => [cells[3], cells[4], cells[9], cells[10]])
      .sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`));
    expect(rows).toEqual([
      ['"Co Converts"', '12', '"TRY7"', '0'],
      ['"Ha Half"', '12', '"HALF"', '0'],
      ['"Ha Half"', '6', '"HALF"', '6'],
      ['"Mo Monthly"', '12', '', '0'],
      ['"Yo Yearoffer"', '80', '"YEAR20"', '20'],
      ['"Yu Yearly"', '100', '', '0'],
    ]);
  });

  it('a discount for some months counts in MRR until its last discounted bill, then the full price does', async () => {
    const maya = await buildFacilitator(t.db, { name: 'Maya' });
    const made = await call(
      t.app,
      'POST',
      '/api/app/tier/new',
      { name: 'Studio', type: 'subscription', price: 12, published: true, trialDays: 14 },
      maya.token,
    );
    expect(made.statusCode, made.body).toBe(200);
    const tierId = made.json()._id as string;
    await offer(maya.token, tierId, {
      code: 'TWO',
      kind: 'amount',
      amountOff: 2,
      duration: 'repeating',
      durationMonths: 2,
    });
    const { token } = await buildUser(t.db, { name: 'Ra Repeat' });
    const mrr = async () => (await get('app/facilitator/money?period=month', maya.token)).json().mrr;

    // the discount offer takes the place of the plan's 14-day trial: the first bill is paid now, at $10
    await subscribe(token, tierId, { offer: 'TWO' });
    const [sub] = (await get('test-mode/billing', token)).json();
    expect(sub.stripeDetails.status).toBe('active');
    // the member's own list says what the offer still takes off, and until when
    expect(sub.discount).toEqual({ amountOff: 2, until: expect.any(String) });
    expect(await mrr()).toBe(10);
    await renew(token); // the second and last discounted bill
    expect(await mrr()).toBe(10);
    await renew(token); // full price from here on
    expect(await mrr()).toBe(12);
    expect((await get('test-mode/billing', token)).json()[0].discount).toBeUndefined();
  });
});
