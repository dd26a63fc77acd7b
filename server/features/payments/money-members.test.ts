import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MembersAnswer, PayoutsAnswer } from '../../../common/payments/money-schemas';
import { revenueEntries, testProviderPayouts, users } from '../../db/schema';
import { buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);
const get = (url: string, token?: string) => call(t.app, 'GET', `/api/${url}`, undefined, token);

/** A payment (or reversal) of `memberId` for `tierId`, as the payment events record it. */
async function entry(
  facilitatorId: string,
  tierId: string,
  memberId: string,
  cents: number,
  kind: 'payment' | 'refund' = 'payment',
  daysAgo = 1,
) {
  await t.db.insert(revenueEntries).values({
    facilitatorId,
    tierId,
    tierName: 'tier',
    memberId,
    amountCents: cents,
    feeCents: Math.round(cents / 10),
    kind,
    occurredAt: daysFromNow(-daysAgo),
    sourceId: `in_${randomUUID()}`,
  });
}

/** Builds a facilitator with a yearly tier, a course and five members in various states. */
async function facilitatorWithMembers() {
  const facilitator = await buildFacilitator(t.db);
  const f = facilitator.user.id;
  const yearly = await buildTier(t.db, f, { name: 'Year of Calm', price: 120, billingInterval: 'year' });
  const course = await buildTier(t.db, f, { name: 'Breath Course', price: 50, type: 'single' });
  const member = (name: string) => buildUser(t.db, { name }).then((u) => u.user);
  const ana = await member('Ana Active');
  const tess = await member('Tess Trial');
  const pat = await member('Pat Pastdue');
  const eve = await member('Eve Ending');
  const cal = await member('Cal Cancelled');
  const paid = { provider: 'test' as const, priceCents: 12000 };
  await buildSubscription(t.db, ana.id, yearly.id, { ...paid, daysAgo: 50 });
  await buildSubscription(t.db, tess.id, yearly.id, { ...paid, daysAgo: 40, status: 'trialing' });
  await buildSubscription(t.db, pat.id, yearly.id, { ...paid, daysAgo: 30, status: 'past_due' });
  await buildSubscription(t.db, eve.id, yearly.id, {
    ...paid,
    daysAgo: 20,
    cancelled: true,
    cancelAtPeriodEnd: true,
    endDate: daysFromNow(30),
  });
  await buildSubscription(t.db, cal.id, yearly.id, {
    ...paid,
    daysAgo: 10,
    status: 'canceled',
    cancelled: true,
    endDate: daysFromNow(-1),
  });
  await buildSubscription(t.db, ana.id, course.id, { provider: 'test', priceCents: 5000, daysAgo: 5 });
  await entry(f, yearly.id, ana.id, 12000);
  await entry(f, yearly.id, ana.id, 12000, 'payment', 400);
  await entry(f, yearly.id, cal.id, 12000);
  await entry(f, yearly.id, cal.id, -12000, 'refund');
  await entry(f, course.id, ana.id, 5000);
  return { ...facilitator, yearly, course, ana, tess, pat, eve, cal };
}

describe('GET app/facilitator/members', () => {
  it("lists a tier's members with interval, start, status and what each paid to date", async () => {
    const { token, yearly, eve } = await facilitatorWithMembers();
    const res = await get(`app/facilitator/members?tierId=${yearly.id}`, token);
    expect(res.statusCode).toBe(200);
    const { members, next } = MembersAnswer.parse(res.json());
    expect(next).toBeNull();
    expect(members.map((m) => [m.member.name, m.interval, m.status, m.paidToDate])).toEqual([
      ['Cal Cancelled', 'year', 'cancelled', 0],
      ['Eve Ending', 'year', 'ending', 0],
      ['Pat Pastdue', 'year', 'past_due', 0],
      ['Tess Trial', 'year', 'trial', 0],
      ['Ana Active', 'year', 'active', 240],
    ]);
    const ending = members.find((m) => m.member._id === eve.id)!;
    expect(ending.endsOn?.slice(0, 10)).toBe(daysFromNow(30).toISOString().slice(0, 10));
    expect(ending.startDate).toBe(daysFromNow(-20).toISOString().slice(0, 10));
    expect(ending.isFree).toBe(false);
  });

  it('lists all my tiers without a tier id; a course has no interval', async () => {
    const { token, course } = await facilitatorWithMembers();
    const { members } = MembersAnswer.parse((await get('app/facilitator/members', token)).json());
    expect(members).toHaveLength(6);
    expect(members[0]).toMatchObject({
      tier: { _id: course.id, type: 'single' },
      interval: null,
      paidToDate: 50,
      status: 'active',
    });
  });

  it('pages by keyset: each member once, in order, then no next page', async () => {
    const { token, yearly } = await facilitatorWithMembers();
    const names: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const res = await get(
        `app/facilitator/members?tierId=${yearly.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        token,
      );
      const page = MembersAnswer.parse(res.json());
      expect(page.members.length).toBeLessThanOrEqual(2);
      names.push(...page.members.map((m) => m.member.name));
      cursor = page.next;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(names).toEqual(['Cal Cancelled', 'Eve Ending', 'Pat Pastdue', 'Tess Trial', 'Ana Active']);
  });

  it('keeps members who started the same day apart by id', async () => {
    const { user, token } = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, user.id, { price: 5 });
    for (let i = 0; i < 5; i++)
      await buildSubscription(t.db, (await buildUser(t.db)).user.id, tier.id, { provider: 'test', priceCents: 500 });
    const first = MembersAnswer.parse((await get(`app/facilitator/members?limit=3`, token)).json());
    const second = MembersAnswer.parse(
      (await get(`app/facilitator/members?limit=3&cursor=${first.next}`, token)).json(),
    );
    const ids = [...first.members, ...second.members].map((m) => m._id);
    expect(new Set(ids).size).toBe(5);
    expect(second.next).toBeNull();
  });

  it('refuses a cursor that is not one with 400 invalid_cursor, as every list does (platform/keyset)', async () => {
    const { token } = await facilitatorWithMembers();
    const forged = await get('app/facilitator/members?cursor=bm9wZQ', token);
    expect([forged.statusCode, forged.json().error]).toEqual([400, 'invalid_cursor']);
    // well formed but naming a day that does not exist: refused, never a failed cast (a 500)
    const noSuchDay = Buffer.from(JSON.stringify(['2026-02-30', crypto.randomUUID()])).toString('base64url');
    const res = await get(`app/facilitator/members?cursor=${noSuchDay}`, token);
    expect([res.statusCode, res.json().error]).toEqual([400, 'invalid_cursor']);
  });
});

describe('CSV exports', () => {
  it('members.csv: a header row, one line per member, as an attachment named for the tier', async () => {
    const { token, yearly } = await facilitatorWithMembers();
    const res = await get(`app/facilitator/members.csv?tierId=${yearly.id}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="members-year-of-calm-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('"Member","Tier","Interval","Start date","Status","Paid to date (USD)"');
    const start = daysFromNow(-50).toISOString().slice(0, 10);
    expect(lines).toContain(`"Ana Active","Year of Calm","Annually","${start}","Active",240`);
    expect(lines.find((l) => l.startsWith('"Eve Ending"'))).toMatch(/"Ends on \d{4}-\d{2}-\d{2}",0$/);
    expect(lines).toHaveLength(1 + 5 + 1);
    expect(lines.at(-1)).toBe('');
  });

  it('guards against formulas in names and quotes commas and quotes', async () => {
    const { user, token } = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, user.id, { name: '@Morning, "calm"', price: 5 });
    for (const name of ['=HYPERLINK("http://evil.test")', '+1', '-2', 'Plain']) {
      const member = await buildUser(t.db, { name });
      await buildSubscription(t.db, member.user.id, tier.id, { provider: 'test', priceCents: 500 });
    }
    const body = (await get('app/facilitator/members.csv', token)).body;
    expect(body).toContain(`"'=HYPERLINK(""http://evil.test"")","'@Morning, ""calm"""`);
    expect(body).toContain(`"'+1",`);
    expect(body).toContain(`"'-2",`);
    expect(body).toContain(`"Plain",`);
    expect((await get('app/facilitator/members.csv', token)).headers['content-disposition']).toMatch(
      /filename="members-\d{4}-\d{2}-\d{2}\.csv"/,
    );
  });

  it('revenue.csv: the period’s entries with refunds negative, fee and net, newest first', async () => {
    const { user, token, cal, ana } = await facilitatorWithMembers();
    await t.db.update(users).set({ timeZone: 'Europe/London' }).where(eq(users.id, user.id));
    const res = await get('app/facilitator/revenue.csv?period=year', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="revenue-year-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"Date (Europe/London)","Tier","Kind","Member","Amount (USD)","Platform fee (USD)","Net (USD)","Dispute","Reference","Offer code","Discount (USD)"',
    );
    // the entry 400 days ago is outside the year
    expect(lines).toHaveLength(1 + 4);
    const refund = lines.find((l) => l.includes('"Refund"'))!;
    expect(refund).toMatch(
      new RegExp(`^"\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}","tier","Refund","${cal.name}",-120,-12,-108,,"in_`),
    );
    expect(lines.filter((l) => l.includes(`"${ana.name}"`))).toHaveLength(2);
  });

  it('revenue.csv: only a header when nothing was paid', async () => {
    const { token } = await buildFacilitator(t.db);
    const res = await get('app/facilitator/revenue.csv?period=week', token);
    expect(res.body.slice(1).trimEnd().split('\r\n')).toHaveLength(1);
  });
});

describe('GET app/facilitator/payouts', () => {
  it('answers none before a bank account is linked', async () => {
    const { token } = await buildFacilitator(t.db);
    expect(PayoutsAnswer.parse((await get('app/facilitator/payouts', token)).json())).toEqual({
      linked: false,
      payouts: [],
    });
  });

  it("lists the provider's latest payouts to my account, newest first, in dollars", async () => {
    const accountId = `acct_test_${randomUUID().slice(0, 8)}`;
    const { token } = await buildFacilitator(t.db, {
      stripeAccountId: accountId,
      stripeDetailsSubmitted: true,
      stripeChargesEnabled: true,
    });
    const arrival = Math.floor(Date.now() / 1000) + 2 * 86_400;
    await t.db.insert(testProviderPayouts).values([
      {
        id: 'po_old',
        accountId,
        amountCents: 4500,
        arrivalDate: arrival - 30 * 86_400,
        status: 'paid',
        createdAt: daysFromNow(-30),
      },
      {
        id: 'po_new',
        accountId,
        amountCents: 10850,
        arrivalDate: arrival,
        status: 'in_transit',
        createdAt: daysFromNow(0),
      },
      { id: 'po_other', accountId: 'acct_someone_else', amountCents: 999, arrivalDate: arrival },
    ]);
    const answer = PayoutsAnswer.parse((await get('app/facilitator/payouts', token)).json());
    expect(answer.linked).toBe(true);
    expect(answer.payouts).toEqual([
      { _id: 'po_new', amount: 108.5, arrivalDate: new Date(arrival * 1000).toISOString(), status: 'in_transit' },
      {
        _id: 'po_old',
        amount: 45,
        arrivalDate: new Date((arrival - 30 * 86_400) * 1000).toISOString(),
        status: 'paid',
      },
    ]);
  });

  it('answers 502 when the provider cannot list them', async () => {
    const { token } = await buildFacilitator(t.db, { stripeAccountId: 'acct_test_down' });
    const listPayouts = vi.spyOn(t.app.ctx.payments, 'listPayouts').mockRejectedValueOnce(new Error('provider down'));
    const res = await get('app/facilitator/payouts', token);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: 'payouts_unavailable',
      message: 'Payouts could not be loaded from the payment provider',
    });
    listPayouts.mockRestore();
  });
});
