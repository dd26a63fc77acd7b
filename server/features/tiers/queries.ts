import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contentTiers, groups, subscriptions, tiers, users } from '../../db/schema';

/** One tier by id, or undefined. */
export const findTier = async (db: Executor, id: string) =>
  (await db.select().from(tiers).where(eq(tiers.id, id)).limit(1))[0];

/** A facilitator's tiers, oldest first. */
export const tiersOf = (db: Executor, userId: string) =>
  db.select().from(tiers).where(eq(tiers.userId, userId)).orderBy(asc(tiers.createdAt));

/** Whether anyone has ever bought the tier (any subscription row, ended ones too). */
export const isBought = async (db: Executor, tierId: string) =>
  (await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.tierId, tierId)).limit(1))
    .length > 0;

/** The account a tier belongs to, by id: its id and name, or undefined. */
export const accountOf = async (db: Executor, userId: string) =>
  (await db.select({ _id: users.id, name: users.name }).from(users).where(eq(users.id, userId)).limit(1))[0];

/**
 * A facilitator's tiers, oldest first, each with what its plan card says it includes: the linked
 * group's name and the number of content items. One statement for the whole list.
 */
export const plansOf = (db: Executor, userId: string) =>
  db
    .select({
      tier: tiers,
      groupName: groups.name,
      contentItems: sql<number>`(select count(*)::int from ${contentTiers} where ${contentTiers.tierId} = ${tiers.id})`,
    })
    .from(tiers)
    .leftJoin(groups, eq(groups.id, tiers.associatedGroupId))
    .where(eq(tiers.userId, userId))
    .orderBy(asc(tiers.createdAt));
