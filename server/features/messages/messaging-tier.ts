import { and, eq, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { subscriptions, tiers } from '../../db/schema';
import { entitledSql } from '../subscriptions/entitlement';
import { canMessage } from './policy';

/**
 * The fact the messaging policy needs, in SQL (written once): an active subscription of one person
 * to a tier of another that allows direct messages. `subscriptions` joined to `tiers` on the tier.
 */
const messagingLink = (): SQL =>
  and(eq(tiers.allowDirectMessaging, true), entitledSql(), ne(subscriptions.userId, tiers.userId))!;
const linkBetween = (a: AnyColumn | SQL | string, b: AnyColumn | SQL | string): SQL =>
  or(
    and(sql`${subscriptions.userId} = ${a}`, sql`${tiers.userId} = ${b}`),
    and(sql`${subscriptions.userId} = ${b}`, sql`${tiers.userId} = ${a}`),
  )!;

/** Whether `a` and `b` share an active direct-messaging tier (either one subscribing to the other's). */
export async function sharesMessagingTier(db: Executor, a: string, b: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(subscriptions)
    .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
    .where(and(messagingLink(), linkBetween(a, b)))
    .limit(1);
  return rows.length > 0;
}

/** The messaging policy applied to two people, its fact loaded here (profiles' canMessage flag). */
export const mayMessage = async (db: Executor, a: string, b: string) =>
  canMessage({ id: a }, { id: b }, { sharesMessagingTier: await sharesMessagingTier(db, a, b) });

/**
 * The same fact for queries over many pairs (the unread count): true when the people in columns
 * `a` and `b` share an active direct-messaging tier.
 */
export const sharesMessagingTierSql = (a: AnyColumn | SQL, b: AnyColumn | SQL): SQL =>
  sql`exists (select 1 from ${subscriptions} inner join ${tiers} on ${tiers.id} = ${subscriptions.tierId} where ${and(
    messagingLink(),
    linkBetween(a, b),
  )})`;

/** Everyone `me` shares an active direct-messaging tier with (a subquery of `contact_id`). */
export const messagingContactsOf = (db: Executor, me: string) => {
  const counterpart = sql<string>`case when ${subscriptions.userId} = ${me}
    then ${tiers.userId} else ${subscriptions.userId} end`;
  return db
    .selectDistinct({ id: counterpart.as('contact_id') })
    .from(subscriptions)
    .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
    .where(and(messagingLink(), sql`(${subscriptions.userId} = ${me} or ${tiers.userId} = ${me})`))
    .as('pairs');
};
