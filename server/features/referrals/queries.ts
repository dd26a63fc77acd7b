import { and, eq, sql } from 'drizzle-orm';
import { referrals, subscriptions, tiers, users } from '../../db/schema';
import type { Executor } from '../../db/client';
import { nextPage, type SortPart, sortKeyColumn } from '../../platform/keyset';
import { entitledSql } from '../subscriptions/entitlement';
import { alias } from 'drizzle-orm/pg-core';

/** The account a referral code names (the code is the account's id), or undefined. */
export const referrerByCode = async (db: Executor, code: string) =>
  (
    await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(sql`${users.id}::text = ${code.toLowerCase()}`)
      .limit(1)
  )[0];

/** How many people signed up with my code, and how many of them have paid anyone since. */
export async function referralCounts(db: Executor, referrerId: string) {
  const [row] = await db
    .select({
      signedUp: sql<number>`count(*)::int`,
      paid: sql<number>`count(${referrals.firstPaidAt})::int`,
    })
    .from(referrals)
    .where(eq(referrals.referrerId, referrerId));
  return { signedUp: Number(row?.signedUp ?? 0), paid: Number(row?.paid ?? 0) };
}

const referrer = alias(users, 'referrer');
const referee = alias(users, 'referee');

const NEWEST: SortPart[] = [
  { expr: sql`${referrals.signedUpAt}`, type: 'timestamptz' },
  { expr: sql`${referrals.id}`, type: 'uuid' },
];

/**
 * The facilitator's members whom someone brought, newest sign-up first: referrals whose referee
 * holds a subscription to one of the facilitator's tiers that gives access now (the members list's
 * rule, subscriptions/entitlement.ts entitledSql). Keyset-paged on (signed_up_at, id).
 */
export function memberReferralsPage(db: Executor, facilitatorId: string, page: { cursor?: string; limit: number }) {
  return nextPage(NEWEST, { ...page, dir: 'desc' }, (where, order, limit) =>
    db
      .select({
        id: referrals.id,
        referrerId: referrer.id,
        referrerName: referrer.name,
        refereeId: referee.id,
        refereeName: referee.name,
        signedUpAt: referrals.signedUpAt,
        firstPaidAt: referrals.firstPaidAt,
        facilitatorId: referrals.facilitatorId,
        amountCents: referrals.amountCents,
        sortKey: sortKeyColumn(NEWEST),
      })
      .from(referrals)
      .innerJoin(referrer, eq(referrer.id, referrals.referrerId))
      .innerJoin(referee, eq(referee.id, referrals.refereeId))
      .where(
        and(
          sql`exists (${db
            .select({ one: sql`1` })
            .from(subscriptions)
            .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
            .where(
              and(eq(subscriptions.userId, referrals.refereeId), eq(tiers.userId, facilitatorId), entitledSql()),
            )})`,
          where,
        ),
      )
      .orderBy(...order)
      .limit(limit),
  );
}
