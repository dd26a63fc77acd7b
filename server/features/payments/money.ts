import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { centsToDollars } from '../../../common/money';
import type { MoneySummaryAnswer } from '../../../common/payments/money-schemas';
import type { RevenuePeriod } from '../../../common/payments/schemas';
import { monthlyEquivalentCents } from '../../../common/tiers/intervals';
import { selectRows } from '../../db/client';
import { subscriptions, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { nextPage, type SortPart, sortKeyColumn } from '../../platform/keyset';
import { discountRunningSql, entitledSql, payingSql } from '../subscriptions/entitlement';
import { dollars, int, iso, type MemberRow, presentMember } from './presenter';

/**
 * The facilitator's money tools: one SQL statement per answer, each starting from an
 * index: the facilitator's tiers (tiers_user_idx) and their subscriptions (subscriptions_tier_idx),
 * revenue entries by (facilitator_id, occurred_at), and a member's entries by (member_id, tier_id).
 */

/** One period back from now, as the earnings chart counts it. */
const PERIOD_BACK: Record<RevenuePeriod, string> = { week: '7 days', month: '1 month', year: '1 year' };

/** `s`, the subscriptions of the raw statements below. */
const s = alias(subscriptions, 's');

const rowsOf = <T>(ctx: AppContext, query: SQL) => selectRows<T>(ctx.db, query);

type SummaryRow = {
  week_cents: string;
  month_cents: string;
  year_cents: string;
  paying_members: number;
  trialing: number;
  trial_starts: number;
  trial_conversions: number;
  new_subs: number;
  cancelled_subs: number;
  ending_subs: number;
  gross_cents: string;
  refund_cents: string;
  dispute_cents: string;
  fee_cents: string;
  net_cents: string;
  from_at: string | Date;
  to_at: string | Date;
};

/**
 * The figures beside the chart. Subscription figures count paid subscriptions of subscription
 * tiers (free plans and one-off courses recur nothing); money figures count every entry in the
 * window, courses and sessions included. Reversals (refunds, lost disputes) are negative entries.
 * MRR counts what paying members are billed now: a discount for good or for months still to run
 * comes off; a first-payment discount does not recur and does not.
 */
export async function moneySummary(
  ctx: AppContext,
  facilitator: User,
  period: RevenuePeriod,
): Promise<MoneySummaryAnswer> {
  const [row] = await rowsOf<SummaryRow>(
    ctx,
    sql`
    with win as (select now() - ${PERIOD_BACK[period]}::interval as from_at, now() as to_at),
    subs as (
      select s.user_id, s.status,
             -- what the member pays each bill now: the price less a discount still running
             s.price_cents - case when ${discountRunningSql(s)}
                                  then coalesce(s.discount_cents, 0) else 0 end as price_cents, s.cancelled, s.end_date, s.created_at,
             -- the interval the member's price bills (a yearly price counts a twelfth a month)
             coalesce(s.billing_interval, t.billing_interval) as billing_interval,
             s.trial_started_at, s.trial_converted_at,
             ${entitledSql(s)} as entitled, ${payingSql(s)} as paying
      from tiers t join subscriptions s on s.tier_id = t.id
      where t.user_id = ${facilitator.id} and t.type = 'subscription' and s.provider not in ('free', 'complimentary', 'gift')
    ),
    members as (
      select
        coalesce(sum(price_cents) filter (where paying and billing_interval = 'week'), 0)::bigint as week_cents,
        coalesce(sum(price_cents) filter (where paying and billing_interval = 'month'), 0)::bigint as month_cents,
        coalesce(sum(price_cents) filter (where paying and billing_interval = 'year'), 0)::bigint as year_cents,
        count(distinct user_id) filter (where paying)::int as paying_members,
        count(*) filter (where entitled and status = 'trialing')::int as trialing,
        count(*) filter (where trial_started_at >= win.from_at)::int as trial_starts,
        count(*) filter (where trial_converted_at >= win.from_at)::int as trial_conversions,
        count(*) filter (where created_at >= win.from_at)::int as new_subs,
        count(*) filter (where cancelled and end_date >= win.from_at and end_date <= now())::int as cancelled_subs,
        count(*) filter (where cancelled and end_date > now())::int as ending_subs
      from subs, win
    ),
    money as (
      select
        coalesce(sum(r.amount_cents) filter (where r.kind = 'payment'), 0)::bigint as gross_cents,
        coalesce(-sum(r.amount_cents) filter (where r.kind = 'refund'), 0)::bigint as refund_cents,
        coalesce(-sum(r.amount_cents) filter (where r.kind = 'dispute'), 0)::bigint as dispute_cents,
        coalesce(sum(r.fee_cents), 0)::bigint as fee_cents,
        coalesce(sum(r.amount_cents - r.fee_cents), 0)::bigint as net_cents
      from revenue_entries r, win
      where r.facilitator_id = ${facilitator.id} and r.occurred_at >= win.from_at
    )
    select members.*, money.*, win.from_at, win.to_at from members, money, win`,
  );
  const r = row!;
  const mrrCents =
    monthlyEquivalentCents(int(r.week_cents), 'week') +
    monthlyEquivalentCents(int(r.month_cents), 'month') +
    monthlyEquivalentCents(int(r.year_cents), 'year');
  return {
    period,
    from: iso(r.from_at)!,
    to: iso(r.to_at)!,
    mrr: centsToDollars(mrrCents),
    activePayingMembers: int(r.paying_members),
    trialing: int(r.trialing),
    trialStarts: int(r.trial_starts),
    trialConversions: int(r.trial_conversions),
    newSubscriptions: int(r.new_subs),
    cancelledSubscriptions: int(r.cancelled_subs),
    endingSubscriptions: int(r.ending_subs),
    gross: dollars(r.gross_cents),
    refunds: dollars(r.refund_cents),
    disputes: dollars(r.dispute_cents),
    fees: dollars(r.fee_cents),
    net: dollars(r.net_cents),
    feePercent: ctx.config.platformFeePercent,
  };
}

/** Newest start first, the id breaking ties (platform/keyset cursor). */
const MEMBER_ORDER: SortPart[] = [
  { expr: sql`s.start_date`, type: 'date' },
  { expr: sql`s.id`, type: 'uuid' },
];

/**
 * spec'd status of a member's subscription, for the list: a cancellation still paid up is
 * 'ending'; ended, cancelled or expired is 'cancelled'; otherwise what the provider says.
 */
const STATUS_SQL = sql`case
    when s.cancelled and s.end_date > now() then 'ending'
    when s.cancelled or s.status in ('canceled', 'incomplete_expired') or s.end_date <= now() then 'cancelled'
    when s.status = 'trialing' then 'trial'
    when s.status in ('past_due', 'unpaid', 'incomplete') then 'past_due'
    else 'active'
  end`;

/**
 * The members of my tiers (one tier, or all), newest start first. Paid to date sums the member's
 * entries for that tier (refunds are negative) through revenue_member_idx, in the same statement.
 * `limit` null: every row (the CSV export).
 */
function selectMembers(
  ctx: AppContext,
  facilitatorId: string,
  tierId: string | undefined,
  page: { where?: SQL; order: SQL[]; limit: number | null },
) {
  return rowsOf<MemberRow & { sortKey: string[] }>(
    ctx,
    sql`
    select s.id, u.id as member_id, u.name as member_name, t.id as tier_id, t.name as tier_name, t.type as tier_type,
           coalesce(s.billing_interval, t.billing_interval) as billing_interval, s.start_date::text as start_date, s.provider, ${STATUS_SQL} as status, s.end_date,
           (select coalesce(sum(r.amount_cents), 0) from revenue_entries r
             where r.member_id = s.user_id and r.tier_id = s.tier_id)::bigint as paid_cents,
           ${sortKeyColumn(MEMBER_ORDER)} as "sortKey"
    from tiers t
    join subscriptions s on s.tier_id = t.id
    join users u on u.id = s.user_id
    where t.user_id = ${facilitatorId}
      ${tierId ? sql`and t.id = ${tierId}` : sql``}
      ${page.where ? sql`and ${page.where}` : sql``}
    order by ${sql.join(page.order, sql`, `)}
    ${page.limit === null ? sql`` : sql`limit ${page.limit}`}`,
  );
}

/** One keyset page of members; `next` is null on the last page. */
export async function membersPage(
  ctx: AppContext,
  facilitator: User,
  query: { tierId?: string; cursor?: string; limit: number },
) {
  const page = await nextPage(MEMBER_ORDER, { ...query, dir: 'desc' }, (where, order, limit) =>
    selectMembers(ctx, facilitator.id, query.tierId, { where, order, limit }),
  );
  return { members: page.items.map(presentMember), next: page.next };
}

/** Every member, for the CSV export (a facilitator's members fit in one answer). */
export const allMembers = async (ctx: AppContext, facilitator: User, tierId?: string) =>
  (
    await selectMembers(ctx, facilitator.id, tierId, {
      order: MEMBER_ORDER.map((part) => sql`${part.expr} desc`),
      limit: null,
    })
  ).map(presentMember);

export type RevenueLine = {
  at: string;
  tier: string;
  kind: 'payment' | 'refund' | 'dispute';
  member: string | null;
  amountCents: number;
  feeCents: number;
  disputeStatus: string | null;
  reference: string;
  /** the offer the payment came through, and what it took off (0: full price) */
  offerCode: string | null;
  discountCents: number;
};

/** The revenue entries of the period, newest first, their times in the facilitator's time zone. */
export async function revenueLines(ctx: AppContext, facilitator: User, period: RevenuePeriod): Promise<RevenueLine[]> {
  const rows = await rowsOf<{
    at: string;
    tier_name: string;
    kind: RevenueLine['kind'];
    member_name: string | null;
    amount_cents: number;
    fee_cents: number;
    dispute_status: string | null;
    source_id: string;
    offer_code: string | null;
    discount_cents: number;
  }>(
    ctx,
    sql`
    select to_char(r.occurred_at at time zone ${facilitator.timeZone}, 'YYYY-MM-DD HH24:MI') as at,
           r.tier_name, r.kind, u.name as member_name, r.amount_cents, r.fee_cents, r.dispute_status, r.source_id,
           r.offer_code, r.discount_cents
    from revenue_entries r
    left join users u on u.id = r.member_id
    where r.facilitator_id = ${facilitator.id} and r.occurred_at >= now() - ${PERIOD_BACK[period]}::interval
    order by r.occurred_at desc, r.id desc`,
  );
  return rows.map((r) => ({
    at: r.at,
    tier: r.tier_name,
    kind: r.kind,
    member: r.member_name,
    amountCents: int(r.amount_cents),
    feeCents: int(r.fee_cents),
    disputeStatus: r.dispute_status,
    reference: r.source_id,
    offerCode: r.offer_code,
    discountCents: int(r.discount_cents),
  }));
}

/** How many payouts the card lists. */
export const PAYOUTS_SHOWN = 10;

/**
 * The latest payouts to my connected account and its balance (available, pending, paid out,
 * fees), from the provider (Stripe's payouts list, Balance and balance transactions, or test mode's
 * own ledger); none before an account is linked.
 */
export async function latestPayouts(ctx: AppContext, facilitator: User) {
  if (!facilitator.stripeAccountId) return { linked: false, payouts: [] };
  const [payouts, balance] = await Promise.all([
    ctx.payments.listPayouts(facilitator.stripeAccountId, PAYOUTS_SHOWN),
    ctx.payments.retrieveBalance(facilitator.stripeAccountId),
  ]);
  return {
    linked: true,
    balance: {
      available: centsToDollars(balance.availableCents),
      pending: centsToDollars(balance.pendingCents),
      paidOut: centsToDollars(balance.paidOutCents),
      fees: centsToDollars(balance.feesCents),
    },
    payouts: payouts.map((p) => ({
      _id: p.id,
      amount: centsToDollars(p.amountCents),
      arrivalDate: new Date(p.arrivalDate * 1000).toISOString(),
      status: p.status,
    })),
  };
}
