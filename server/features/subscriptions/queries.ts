import { and, desc, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { subscriptions, tiers, users } from '../../db/schema';
import { notFound } from '../../platform/errors';

const mine = (db: Executor) =>
  db
    .select({ subscription: subscriptions, tier: tiers, facilitator: { id: users.id, name: users.name } })
    .from(subscriptions)
    .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
    .innerJoin(users, eq(users.id, tiers.userId));

/** My subscriptions with their tiers and facilitators, newest first. */
export const mySubscriptions = (db: Executor, userId: string) =>
  mine(db).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt));

/** One of my subscriptions, by its id or by its tier's id (the result page knows the tier); 404 otherwise. */
export async function mySubscription(db: Executor, userId: string, id: string) {
  const [row] = await mine(db)
    .where(and(eq(subscriptions.userId, userId), or(eq(subscriptions.id, id), eq(subscriptions.tierId, id))))
    .limit(1);
  if (!row) throw notFound('subscription_not_found');
  return row;
}

/** The member's row for a tier, if any (any status). */
export const subscriptionTo = async (db: Executor, userId: string, tierId: string) =>
  (
    await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.tierId, tierId)))
      .limit(1)
  )[0];
