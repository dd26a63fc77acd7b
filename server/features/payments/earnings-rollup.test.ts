import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RevenuePeriod } from '../../../common/payments/schemas';
import { selectRows } from '../../db/client';
import { revenueEntries, tiers, users, type User } from '../../db/schema';
import { buildFacilitator, buildTier } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/harness';
import { revenueByTier } from './earnings';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const WINDOW = { week: ['7 days', 'day'], month: ['1 month', 'day'], year: ['1 year', 'month'] } as const;

/** The chart's query before the rollup: every entry in the window, summed. */
async function fromEntries(facilitator: User, period: RevenuePeriod) {
  const [back, unit] = WINDOW[period];
  const tz = facilitator.timeZone;
  const rows = await selectRows<{ date: string; tier_id: string; tier: string; amount: number }>(
    t.db,
    sql`
    select to_char(date_trunc(${unit}, r.occurred_at at time zone ${tz}), 'YYYY-MM-DD') as date,
           coalesce(r.tier_id::text, r.tier_name) as tier_id, max(r.tier_name) as tier,
           sum(r.amount_cents)::int as amount
    from revenue_entries r
    where r.facilitator_id = ${facilitator.id} and r.occurred_at >= now() - ${back}::interval
    group by 1, 2`,
  );
  return sorted(rows.map((r) => ({ date: r.date, tierId: r.tier_id, tier: r.tier, amount: Number(r.amount) })));
}

const sorted = <T extends { date: string; tierId: string }>(rows: T[]) =>
  [...rows].sort((a, b) => (a.date + a.tierId < b.date + b.tierId ? -1 : 1));

async function chartsAgree(facilitator: User) {
  const me = (await t.db.select().from(users).where(eq(users.id, facilitator.id)))[0]!;
  for (const period of ['week', 'month', 'year'] as const) {
    const answer = await revenueByTier(t.app.ctx, me, period);
    expect(sorted(answer.buckets), `${period} in ${me.timeZone}`).toEqual(await fromEntries(me, period));
  }
}

/** Entries every ~7 hours over 14 months, refunds among them, in two tiers, around every window's edge. */
async function facilitatorWithRevenue(timeZone: string) {
  const { user } = await buildFacilitator(t.db, { timeZone });
  const a = await buildTier(t.db, user.id, { name: 'Alpha' });
  const b = await buildTier(t.db, user.id, { name: 'Beta' });
  const hour = 3_600_000;
  const values = Array.from({ length: 1_450 }, (_, i) => ({
    facilitatorId: user.id,
    tierId: i % 3 === 0 ? b.id : a.id,
    tierName: i % 3 === 0 ? 'Beta' : 'Alpha',
    amountCents: i % 17 === 0 ? -300 : 500 + (i % 5) * 100,
    kind: i % 17 === 0 ? ('refund' as const) : ('payment' as const),
    occurredAt: new Date(Date.now() - i * 7 * hour - (i % 11) * 60_000),
    sourceId: `rollup_${user.id}_${i}`,
  }));
  await t.db.insert(revenueEntries).values(values);
  return { user, a, b };
}

describe('earnings from the daily rollup', () => {
  it.each(['UTC', 'Europe/Berlin', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham'])(
    'answers the same buckets as summing the entries, for every period, in %s',
    async (zone) => {
      const { user } = await facilitatorWithRevenue(zone);
      await chartsAgree(user);
    },
  );

  it('stays the same after entries change, a tier is deleted, and the facilitator moves zone', async () => {
    const { user, a, b } = await facilitatorWithRevenue('Europe/Berlin');
    await t.db
      .update(revenueEntries)
      .set({ amountCents: 1_234, occurredAt: sql`${revenueEntries.occurredAt} - interval '5 hours'` })
      .where(sql`${revenueEntries.facilitatorId} = ${user.id} and ${revenueEntries.sourceId} like '%0'`);
    await t.db
      .delete(revenueEntries)
      .where(sql`${revenueEntries.facilitatorId} = ${user.id} and ${revenueEntries.sourceId} like '%7'`);
    await t.db.update(tiers).set({ name: 'Alpha renamed' }).where(eq(tiers.id, a.id));
    await t.db
      .update(revenueEntries)
      .set({ tierName: 'Alpha renamed' })
      .where(sql`${revenueEntries.sourceId} like '%3' and ${revenueEntries.tierId} = ${a.id}`);
    await t.db.delete(tiers).where(eq(tiers.id, b.id));
    await chartsAgree(user);
    await t.db.update(users).set({ timeZone: 'Australia/Adelaide' }).where(eq(users.id, user.id));
    await chartsAgree(user);
  });

  it('keeps no rollup rows of a deleted facilitator', async () => {
    const { user } = await facilitatorWithRevenue('UTC');
    await t.db.delete(users).where(eq(users.id, user.id));
    const left = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from revenue_daily where facilitator_id = ${user.id}`,
    );
    expect(Number(left[0]!.n)).toBe(0);
  });
});
