import { and, eq, inArray } from 'drizzle-orm';
import { subscriptions, tiers } from '../../db/schema';
import type { Executor } from '../../db/client';
import { libraryOf } from '../content/library';
import { contentOfTiers } from '../content/queries';
import { entitledSql } from '../subscriptions/entitlement';

/**
 * For each member, today's practices as the daily practice page shows them (content/library.ts
 * libraryOf, in release order), in the member's own zone: two statements for all of them (their
 * entitled subscriptions with tiers; the content of those tiers). The practice mail keeps those
 * released today; the push reminder names the first.
 */
export async function todaysPractices(db: Executor, members: readonly { id: string; timeZone: string }[], now: Date) {
  const subs =
    members.length === 0
      ? []
      : await db
          .select({ subscription: subscriptions, tier: tiers })
          .from(subscriptions)
          .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
          .where(
            and(
              inArray(
                subscriptions.userId,
                members.map((m) => m.id),
              ),
              entitledSql(),
            ),
          );
  const items = await contentOfTiers(db, [...new Set(subs.map((s) => s.tier.id))]);
  return new Map(
    members.map((member) => {
      const mine = subs.filter((s) => s.subscription.userId === member.id);
      return [member.id, libraryOf(mine, items, { now, timeZone: member.timeZone }).today] as const;
    }),
  );
}
