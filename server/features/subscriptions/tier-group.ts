import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { subscriptions, tiers, type Tier } from '../../db/schema';
import { endTierMembership, grantTierMembership } from '../groups/memberships';
import { entitledSql } from './entitlement';

/**
 * The tier's associated group follows the subscription: it is granted when access starts and
 * ends when access ends (a plan cancelled at the period's end keeps it until then). Only the
 * change of access counts, so a member who left the group is not put back by a renewal.
 */
export async function tierGroupFollows(
  db: Executor,
  opts: {
    userId: string;
    tier: Pick<Tier, 'id'> & Partial<Pick<Tier, 'associatedGroupId'>>;
    hadAccess: boolean;
    hasAccess: boolean;
  },
) {
  const { userId, tier } = opts;
  if (opts.hadAccess === opts.hasAccess) return;
  const groupId =
    tier.associatedGroupId !== undefined
      ? tier.associatedGroupId
      : (await db.select({ groupId: tiers.associatedGroupId }).from(tiers).where(eq(tiers.id, tier.id)).limit(1))[0]
          ?.groupId;
  if (!groupId) return;
  if (opts.hasAccess) return grantTierMembership(db, { groupId, userId, tierId: tier.id });
  const [other] = await db
    .select({ tierId: tiers.id })
    .from(subscriptions)
    .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
    .where(
      and(eq(subscriptions.userId, userId), eq(tiers.associatedGroupId, groupId), ne(tiers.id, tier.id), entitledSql()),
    )
    .limit(1);
  await endTierMembership(db, { groupId, userId, tierId: tier.id, keptBy: other?.tierId });
}
