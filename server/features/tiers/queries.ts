import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { subscriptions, tiers, users } from '../../db/schema';

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
