import { type BareViewer, sendJson, startBare } from './bench-bare';

/**
 * The reference the earnings chart is measured against: a bare
 * `GET /api/app/facilitator/revenue?period=` with Tend's SQL (payments/earnings.ts revenueByTier:
 * the daily rollup for whole local days, the entries for the window's first day) as a named
 * prepared statement, after Tend's token check and facilitator rule, writing the same JSON.
 */
const WINDOW: Record<string, { back: string; unit: 'day' | 'month' }> = {
  week: { back: '7 days', unit: 'day' },
  month: { back: '1 month', unit: 'day' },
  year: { back: '1 year', unit: 'month' },
};

const REVENUE = {
  name: 'bare_revenue',
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

type Row = { date: string; tier_id: string; tier: string; amount: number };

export const startBareEarnings = (databaseUrl: string) =>
  startBare(databaseUrl, ({ app, pool, viewer }) => {
    app.get('/api/app/facilitator/revenue', async (req, reply) => {
      const user: BareViewer | null = await viewer(req);
      if (!user) return sendJson(reply, { error: 'unauthorized', message: 'Sign in first.' }, 401);
      if (!user.is_facilitator) return sendJson(reply, { error: 'earnings_facilitators_only', message: '' }, 403);
      const period = (req.query as { period?: string }).period ?? 'year';
      const window = WINDOW[period];
      if (!window) return sendJson(reply, { error: 'invalid_request', message: 'period' }, 400);
      const { rows } = await pool.query<Row>({
        ...REVENUE,
        values: [user.time_zone, user.id, window.back, window.unit],
      });
      const buckets = rows.map((r) => ({ date: r.date, tierId: r.tier_id, tier: r.tier, amount: Number(r.amount) }));
      const tiers = [...new Map(buckets.map((b) => [b.tierId, { _id: b.tierId, name: b.tier }])).values()];
      const to = new Date();
      const from = new Date(to);
      if (period === 'week') from.setDate(from.getDate() - 7);
      else if (period === 'month') from.setMonth(from.getMonth() - 1);
      else from.setFullYear(from.getFullYear() - 1);
      return sendJson(reply, { period, from: from.toISOString(), to: to.toISOString(), buckets, tiers });
    });
  });
