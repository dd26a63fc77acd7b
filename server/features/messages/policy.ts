import { and, eq, or, sql } from 'drizzle-orm';
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
        or(and(eq(subscriptions.userId, a), eq(tiers.userId, b)), and(eq(subscriptions.userId, b), eq(tiers.userId, a))),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
