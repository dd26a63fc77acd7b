import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { subscriptions, tierPrices, tiers, users } from '../../db/schema';

/** A facilitator's subscription plans with every Stripe Price Tend made for them (the tier's and each interval's). */
export async function plansWithPrices(db: Executor, facilitatorId: string) {
  const rows = await db
    .select({
      id: tiers.id,
      name: tiers.name,
      type: tiers.type,
      userId: tiers.userId,
      tierPriceId: tiers.stripePriceId,
      priceId: tierPrices.stripePriceId,
    })
    .from(tiers)
    .leftJoin(tierPrices, eq(tierPrices.tierId, tiers.id))
    .where(and(eq(tiers.userId, facilitatorId), eq(tiers.type, 'subscription')))
    .orderBy(tiers.createdAt, tiers.id);
  const plans = new Map<
    string,
    { id: string; name: string; type: 'subscription' | 'single'; userId: string; priceIds: string[] }
  >();
  for (const row of rows) {
    const plan = plans.get(row.id) ?? { id: row.id, name: row.name, type: row.type, userId: row.userId, priceIds: [] };
    for (const priceId of [row.tierPriceId, row.priceId]) if (priceId) plan.priceIds.push(priceId);
    plans.set(row.id, plan);
  }
  return [...plans.values()];
}

/** The Tend accounts of these addresses (lower-cased), by address. */
export async function accountsByEmail(db: Executor, emails: string[]) {
  if (emails.length === 0) return new Map<string, { id: string }>();
  const rows = await db
    .select({ id: users.id, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  return new Map(rows.map((r) => [r.email, { id: r.id }]));
}

/** Who holds each of these provider subscriptions in Tend already. */
export async function holdersOf(db: Executor, providerSubscriptionIds: string[]) {
  if (providerSubscriptionIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ providerId: subscriptions.providerSubscriptionId, userId: subscriptions.userId })
    .from(subscriptions)
    .where(inArray(subscriptions.providerSubscriptionId, providerSubscriptionIds));
  return new Map(rows.map((r) => [r.providerId!, r.userId]));
}

/** A facilitator's connected account, if they linked one. */
export async function connectedAccountOf(db: Executor, facilitatorId: string) {
  const [row] = await db
    .select({ accountId: users.stripeAccountId })
    .from(users)
    .where(eq(users.id, facilitatorId))
    .limit(1);
  return row?.accountId ?? null;
}
