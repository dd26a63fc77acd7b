import { and, desc, eq, isNotNull, isNull, ne, notInArray, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import { type Subscription, subscriptions, tiers, users } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { ENDED_AT_PROVIDER } from './policy';
import { entitledSql } from './entitlement';

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

/** The subscriptions cancelAbilities lets an admin cancel now, as SQL (a facilitator's current subscribers). */
export const cancellableSql = (): SQL =>
  or(
    and(
      ne(subscriptions.provider, 'free'),
      isNotNull(subscriptions.providerSubscriptionId),
      notInArray(subscriptions.status, ENDED_AT_PROVIDER),
    ),
    and(
      or(eq(subscriptions.provider, 'free'), isNull(subscriptions.providerSubscriptionId)),
      eq(subscriptions.cancelled, false),
      entitledSql(),
    ),
  )!;

// ---- a subscription with its tier, member and facilitator (the admin's money tools) ----------------

export const member = alias(users, 'member');
const owner = alias(users, 'owner');

const subscriptionColumns = {
  subscription: subscriptions,
  tier: { id: tiers.id, name: tiers.name, type: tiers.type },
  member: { id: member.id, name: member.name, email: member.email },
  facilitator: { id: owner.id, name: owner.name },
};
export type SubscriptionJoin = {
  subscription: Subscription;
  tier: { id: string; name: string; type: 'subscription' | 'single' };
  member: { id: string; name: string; email: string };
  facilitator: { id: string; name: string };
};

/** Subscriptions with their tier, member and facilitator, in one query. */
export const selectSubscriptions = <Extra extends Record<string, SQL>>(db: Executor, extra: Extra = {} as Extra) =>
  db
    .select({ ...subscriptionColumns, ...extra })
    .from(subscriptions)
    .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
    .innerJoin(member, eq(member.id, subscriptions.userId))
    .innerJoin(owner, eq(owner.id, tiers.userId));

/** One subscription with its parties, or 404. */
export async function findSubscriptionWithParties(db: Executor, subscriptionId: string) {
  const [row] = await selectSubscriptions(db).where(eq(subscriptions.id, subscriptionId));
  if (!row) throw notFound('subscription_not_found');
  return row;
}
