import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FacilitatorDashboardAnswer, RevenueAnswer, RevenuePeriod } from '../../../common/payments/schemas';
import { selectRows } from '../../db/client';
import { namedRows } from '../../db/named-rows';
import { content, subscriptions, tiers, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { nextPage, type SortPart, sortKeyColumn } from '../../platform/keyset';
import { selectContent } from '../content/queries';
import { activeSql, isActive } from '../subscriptions/entitlement';
import { presentPayouts } from './presenter';

const WINDOW: Record<RevenuePeriod, { back: string; unit: 'day' | 'month' }> = {
  week: { back: '7 days', unit: 'day' },
  month: { back: '1 month', unit: 'day' },
  year: { back: '1 year', unit: 'month' },
};

/**
 * The earnings chart: revenue per tier per day (week, month) or month (year), one period
 * back from now, in the facilitator's time zone. One named statement (db/named-rows.ts; every
 * period and zone is a value): whole local days from the daily rollup (revenue_daily, kept by
 * migration 0032's triggers), and the window's first, partial day from the entries themselves
 * (the (facilitator_id, occurred_at) index), so a year reads ~1,100 rollup rows instead of every
 * entry, with the same sums as summing the entries. The window's start is written
 * out in each condition, not read from a CTE, so the planner sees the range on the index (now()
 * is fixed per statement). $1 the zone, $2 the facilitator, $3 how far back, $4 the bucket unit.
 */
const REVENUE = {
  name: 'tend_revenue_by_tier',
  text: `with days as (
      select d.day, d.tier_key, d.tier_name, d.amount_cents as amount
      from revenue_daily d
      where d.facilitator_id = $2 and d.day > ((now() - $3::interval) at time zone $1)::date
      union all
      select (r.occurred_at at time zone $1)::date, coalesce(r.tier_id::text, r.tier_name), r.tier_name, r.amount_cents
      from revenue_entries r
      where r.facilitator_id = $2 and r.occurred_at >= (now() - $3::interval)
        and r.occurred_at < (now() - $3::interval) + interval '2 days'
        and (r.occurred_at at time zone $1)::date = ((now() - $3::interval) at time zone $1)::date
    )
    select to_char(date_trunc($4, day::timestamp), 'YYYY-MM-DD') as date,
           tier_key as tier_id, max(tier_name) as tier, sum(amount)::int as amount
    from days
    group by 1, 2
    order by 1, 3`,
};

export async function revenueByTier(ctx: AppContext, facilitator: User, period: RevenuePeriod): Promise<RevenueAnswer> {
  const { back, unit } = WINDOW[period];
  const rows = await namedRows<{ date: string; tier_id: string; tier: string; amount: number }>(ctx.database, REVENUE, [
    facilitator.timeZone,
    facilitator.id,
    back,
    unit,
  ]);
  const buckets = rows.map((r) => ({ date: r.date, tierId: r.tier_id, tier: r.tier, amount: Number(r.amount) }));
  const tiers = [...new Map(buckets.map((b) => [b.tierId, { _id: b.tierId, name: b.tier }])).values()];
  const to = new Date();
  const from = new Date(to);
  if (period === 'week') from.setDate(from.getDate() - 7);
  else if (period === 'month') from.setMonth(from.getMonth() - 1);
  else from.setFullYear(from.getFullYear() - 1);
  return { period, from: from.toISOString(), to: to.toISOString(), buckets, tiers };
}

/** 'Status of Tiers': active subscribers, opens of the tier's content, dollars earned; one query. */
export async function tierStatus(ctx: AppContext, facilitatorId: string) {
  const s = alias(subscriptions, 's');
  const rows = await selectRows<{
    id: string;
    name: string;
    type: 'subscription' | 'single';
    active: number;
    hits: number;
    earned: string | number;
  }>(
    ctx.db,
    sql`
    select t.id, t.name, t.type,
      (select count(*)::int from subscriptions s
        where s.tier_id = t.id and ${activeSql(s)}) as active,
      -- opens through this tier only: a shared item's opens count in the tier they came through
      (select coalesce(sum(ct.hit_count), 0)::int from content_tiers ct where ct.tier_id = t.id) as hits,
      (select coalesce(sum(r.amount_cents), 0)::bigint from revenue_entries r where r.tier_id = t.id) as earned
    from tiers t where t.user_id = ${facilitatorId}
    order by t.created_at`,
  );
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    type: r.type,
    activeSubscribers: Number(r.active),
    hitCount: Number(r.hits),
    earned: Math.round(Number(r.earned) / 100),
  }));
}

const NEWEST_FIRST: SortPart[] = [
  { expr: sql`${subscriptions.createdAt}`, type: 'timestamptz' },
  { expr: sql`${subscriptions.id}`, type: 'uuid' },
];

/**
 * GET app/facilitator/dashboard: the status of my tiers, my content and one page of
 * my subscribers' subscriptions (newest first; `next` is the cursor of the following page).
 */
export async function facilitatorDashboard(
  ctx: AppContext,
  facilitator: User,
  page: { cursor?: string; limit: number },
): Promise<{ answer: FacilitatorDashboardAnswer; next: string | null }> {
  const [tierRows, items, subs] = await Promise.all([
    tierStatus(ctx, facilitator.id),
    selectContent(ctx.db, eq(content.userId, facilitator.id)),
    nextPage(NEWEST_FIRST, { ...page, dir: 'desc' }, (after, order, limit) =>
      ctx.db
        .select({ subscription: subscriptions, sortKey: sortKeyColumn(NEWEST_FIRST) })
        .from(subscriptions)
        .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
        .where(and(eq(tiers.userId, facilitator.id), after))
        .orderBy(...order)
        .limit(limit),
    ),
  ]);
  const answer = {
    tiers: tierRows,
    content: items.map((i) => ({
      _id: i.content.id,
      title: i.content.title,
      hitCount: i.content.hitCount,
      tiers: i.tierIds,
    })),
    subscriptions: subs.items.map(({ subscription: s }) => ({
      _id: s.id,
      tier: s.tierId,
      cancelled: s.cancelled,
      isActive: isActive(s),
      startDate: s.startDate,
    })),
    payouts: presentPayouts(facilitator),
  };
  return { answer, next: subs.next };
}
