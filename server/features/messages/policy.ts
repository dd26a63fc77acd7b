import { and, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { subscriptions, tiers } from '../../db/schema';
import { isActiveSql } from '../subscriptions/service';

/**
 * DESIGN.md §5 Direct messages: a member may message a facilitator while holding an active
 * subscription to one of that facilitator's tiers with allowDirectMessaging; the facilitator may
 * message those members. Checked on every call, so a lapsed subscription ends the conversation.
 */
export async function mayMessage(db: Database, a: string, b: string) {
  if (a === b) return false;
  const rows = await db
    .select({ one: sql`1` })
    .from(subscriptions)
    .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
    .where(
      and(
        eq(tiers.allowDirectMessaging, true),
        isActiveSql(),
        or(
          and(eq(subscriptions.userId, a), eq(tiers.userId, b)),
          and(eq(subscriptions.userId, b), eq(tiers.userId, a)),
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The same rule as SQL, for queries over many pairs (the unread count): true when the people in
 * columns `a` and `b` may message each other.
 */
export const mayMessageSql = (a: AnyColumn | SQL, b: AnyColumn | SQL): SQL =>
  sql`exists (select 1 from ${subscriptions} inner join ${tiers} on ${tiers.id} = ${subscriptions.tierId} where ${and(
    eq(tiers.allowDirectMessaging, true),
    isActiveSql(),
    or(
      and(sql`${subscriptions.userId} = ${a}`, sql`${tiers.userId} = ${b}`),
      and(sql`${subscriptions.userId} = ${b}`, sql`${tiers.userId} = ${a}`),
    ),
  )})`;
