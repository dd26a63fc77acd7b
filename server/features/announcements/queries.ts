import { and, countDistinct, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { announcements, subscriptions, tiers, users } from '../../db/schema';
import { nextPage, type SortPart, sortKeyColumn } from '../../platform/keyset';
import { entitledSql } from '../subscriptions/entitlement';

/** One tier by id, with its owner, for the policy. */
export const findTier = async (db: Executor, tierId: string) =>
  (
    await db.select({ id: tiers.id, name: tiers.name, userId: tiers.userId }).from(tiers).where(eq(tiers.id, tierId))
  )[0];

/**
 * Who an announcement reaches (mirrors canAnnounceTo): the members with an active subscription to
 * the tier, or to any tier of the facilitator (a course bought is a subscription row too), each
 * once, never the facilitator themself. One query.
 */
export async function recipientsOf(db: Executor, facilitatorId: string, tierId: string | null) {
  return db
    .selectDistinct({ id: users.id, name: users.name, email: users.email })
    .from(subscriptions)
    .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        eq(tiers.userId, facilitatorId),
        tierId ? eq(tiers.id, tierId) : undefined,
        entitledSql(),
        ne(subscriptions.userId, facilitatorId),
      ),
    )
    .orderBy(users.id);
}

/** The facilitator's tiers with their current member counts, and the distinct members of them all. Two queries. */
export async function audienceOf(db: Executor, facilitatorId: string) {
  const rows = await db
    .select({
      id: tiers.id,
      name: tiers.name,
      count: sql<number>`count(distinct ${subscriptions.userId})
          filter (where ${entitledSql()} and ${subscriptions.userId} <> ${facilitatorId})`.mapWith(Number),
    })
    .from(tiers)
    .leftJoin(subscriptions, eq(subscriptions.tierId, tiers.id))
    .where(eq(tiers.userId, facilitatorId))
    .groupBy(tiers.id, tiers.name, tiers.createdAt)
    .orderBy(tiers.createdAt, tiers.id);
  const ids = rows.map((r) => r.id);
  const [all] =
    ids.length === 0
      ? [{ n: 0 }]
      : await db
          .select({ n: countDistinct(subscriptions.userId) })
          .from(subscriptions)
          .where(and(inArray(subscriptions.tierId, ids), entitledSql(), ne(subscriptions.userId, facilitatorId)));
  return { tiers: rows, all: Number(all?.n ?? 0) };
}

/** My announcements, newest first, keyset-paged on (created_at, id), with the tier's name. */
export async function listAnnouncements(
  db: Executor,
  facilitatorId: string,
  page: { cursor?: string | undefined; limit: number },
) {
  const sort: SortPart[] = [
    { expr: sql`${announcements.createdAt}`, type: 'timestamptz' },
    { expr: sql`${announcements.id}`, type: 'uuid' },
  ];
  return nextPage(sort, { ...page, dir: 'desc' }, (where, order, limit) =>
    db
      .select({ announcement: announcements, tierName: tiers.name, sortKey: sortKeyColumn(sort) })
      .from(announcements)
      .leftJoin(tiers, eq(tiers.id, announcements.tierId))
      .where(and(eq(announcements.facilitatorId, facilitatorId), where))
      .orderBy(...order)
      .limit(limit),
  );
}
