import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { type Session, sessionBookings, subscriptions, tiers, users } from '../../db/schema';
import { activeSql } from '../subscriptions/entitlement';
import { creditCoversSession } from './policy';
import { type CreditPeriod, type CreditUnit, creditAnchor, periodAt } from './credit-period';

/**
 * Session credits: a tier may include N live sessions of its facilitator per billing period. What
 * a member has spent is counted from their credit bookings (`session_bookings.credit_*`), never
 * kept as a number, so cancelling a booking gives its credit back by the row alone.
 */

/** The time credit periods are read at: the app's test clock, or now. */
export const creditClock = (ctx: AppContext) => ctx.clock?.() ?? new Date();

/** One active subscription whose tier includes credits, with its current and previous period. */
export type CreditPlan = {
  subscriptionId: string;
  tierId: string;
  tierName: string;
  facilitator: { id: string; name: string; profilePicture: string | null };
  perPeriod: number;
  rollOver: boolean;
  /** the series the credits book; empty: any session of the facilitator */
  seriesIds: string[];
  unit: CreditUnit;
  period: CreditPeriod;
  /** the period before, when the member was already subscribed in it (roll-over reads it) */
  previous: CreditPeriod | null;
};

/**
 * The member's active subscriptions to tiers with credits (of one facilitator, if given), oldest
 * first. With `lock`, the subscription rows are locked (FOR UPDATE) so that credit bookings of the
 * same subscription take turns on every instance while they count and spend.
 */
export async function creditPlansOf(
  db: Executor,
  memberId: string,
  now: Date,
  options: { facilitatorId?: string; lock?: boolean } = {},
): Promise<CreditPlan[]> {
  const query = db
    .select({ sub: subscriptions, tier: tiers, facilitator: users })
    .from(subscriptions)
    .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
    .innerJoin(users, eq(users.id, tiers.userId))
    .where(
      and(
        eq(subscriptions.userId, memberId),
        gt(tiers.sessionCredits, 0),
        activeSql(),
        options.facilitatorId ? eq(tiers.userId, options.facilitatorId) : undefined,
      ),
    )
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id));
  const rows = options.lock ? await query.for('update', { of: subscriptions }) : await query;
  return rows.map(({ sub, tier, facilitator }) => {
    const { anchor, unit } = creditAnchor(sub, tier);
    const period = periodAt(anchor, unit, now);
    const previous = periodAt(anchor, unit, new Date(period.start.getTime() - 1));
    const subscribedBefore = new Date(`${sub.startDate}T00:00:00.000Z`) < period.start;
    return {
      subscriptionId: sub.id,
      tierId: tier.id,
      tierName: tier.name,
      facilitator: { id: facilitator.id, name: facilitator.name, profilePicture: facilitator.profilePicture },
      perPeriod: tier.sessionCredits,
      rollOver: tier.creditsRollOver,
      seriesIds: tier.creditSeriesIds,
      unit,
      period,
      previous: subscribedBefore ? previous : null,
    };
  });
}

/**
 * A credit counts as spent while its booking is live, and after a cancellation that did not give
 * it back (the member cancelled inside the session's cancellation window).
 */
const spentSql = sql`(${sessionBookings.status} in ('held', 'booked') or ${sessionBookings.creditReturned} = false)`;

/**
 * Credits left in each plan's current period, in one query: the period's allowance, plus (when
 * the tier rolls over) what the previous period left unused, at most one period's worth, minus
 * what the current period spent.
 */
export async function creditsLeftOf(db: Executor, plans: CreditPlan[]): Promise<Map<string, number>> {
  const left = new Map<string, number>();
  if (plans.length === 0) return left;
  const inPeriod = (p: CreditPeriod) =>
    and(
      sql`${sessionBookings.creditPeriodStart} >= ${p.start.toISOString()}::timestamptz`,
      sql`${sessionBookings.creditPeriodStart} < ${p.end.toISOString()}::timestamptz`,
    );
  const spent = await db
    .select({
      subscriptionId: sessionBookings.creditSubscriptionId,
      current: sql<number>`count(*) filter (where ${or(...plans.map((p) => and(eq(sessionBookings.creditSubscriptionId, p.subscriptionId), inPeriod(p.period))))})::int`,
      previous: sql<number>`count(*) filter (where ${or(...plans.map((p) => and(eq(sessionBookings.creditSubscriptionId, p.subscriptionId), inPeriod(p.previous ?? p.period))))})::int`,
    })
    .from(sessionBookings)
    .where(
      and(
        inArray(
          sessionBookings.creditSubscriptionId,
          plans.map((p) => p.subscriptionId),
        ),
        spentSql,
      ),
    )
    .groupBy(sessionBookings.creditSubscriptionId);
  for (const plan of plans) {
    const row = spent.find((s) => s.subscriptionId === plan.subscriptionId);
    const current = Number(row?.current ?? 0);
    const carried =
      plan.rollOver && plan.previous
        ? Math.min(plan.perPeriod, Math.max(0, plan.perPeriod - Number(row?.previous ?? 0)))
        : 0;
    left.set(plan.subscriptionId, Math.max(0, plan.perPeriod + carried - current));
  }
  return left;
}

/** What a session answer says of the viewer's credits for it: absent when no tier of theirs covers it. */
export type SessionCredits = { creditsLeft: number; creditsPerPeriod: number; creditPeriod: CreditUnit };

/** The viewer's credits for each paid session, from plans and their counts loaded once for a whole list. */
export function creditsForSession(
  plans: CreditPlan[],
  left: Map<string, number>,
  session: Pick<Session, 'facilitatorId' | 'seriesId' | 'priceCents'>,
): SessionCredits | undefined {
  if (session.priceCents === 0) return undefined;
  const covering = plans.filter((p) => creditCoversSession(p, session));
  if (covering.length === 0) return undefined;
  return {
    creditsLeft: covering.reduce((n, p) => n + (left.get(p.subscriptionId) ?? 0), 0),
    creditsPerPeriod: covering.reduce((n, p) => n + p.perPeriod, 0),
    creditPeriod: covering[0]!.unit,
  };
}
