import { and, eq, isNotNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { localDay } from '../../../common/time';
import { subscriptions, tiers, type Tier, type User } from '../../db/schema';
import { authorize, hidden } from '../../platform/authorize';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, fail, HttpError } from '../../platform/errors';
import { notify } from '../notifications/service';
import { entitledSql, isActive, isEntitled, UNBILLED_PROVIDERS } from './entitlement';
import { canCancelInTend, canChangeTrial, canSubscribe, ENDED_AT_PROVIDER, isOffered } from './policy';
import { presentMySubscription } from './presenter';
import { mySubscription, mySubscriptions, subscriptionTo } from './queries';
import { pricesByTier } from '../tiers/prices';
import { tierGroupFollows } from './tier-group';

/** My subscriptions with their tiers and facilitators, newest first. */
export async function listMySubscriptions(ctx: AppContext, memberId: string) {
  const rows = await mySubscriptions(ctx.db, memberId);
  const prices = await pricesByTier(ctx.db, [...new Set(rows.map((r) => r.tier.id))]);
  return rows.map((r) => ({ ...r, prices: prices.get(r.tier.id) ?? [] }));
}

/** One of my subscriptions, by its id or its tier's id; 404 otherwise. */
export async function loadMySubscription(ctx: AppContext, memberId: string, id: string) {
  const row = await mySubscription(ctx.db, memberId, id);
  return { ...row, prices: (await pricesByTier(ctx.db, [row.tier.id])).get(row.tier.id) ?? [] };
}

/** True while someone other than the facilitator pays for one of their tiers (blocks leaving the facilitator role). */
export async function hasPayingSubscribers(ctx: AppContext, facilitatorId: string) {
  const paying = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
    .where(
      and(
        eq(tiers.userId, facilitatorId),
        notInArray(subscriptions.provider, UNBILLED_PROVIDERS),
        ne(subscriptions.userId, facilitatorId),
        entitledSql(),
      ),
    )
    .limit(1);
  return paying.length > 0;
}

/** A member's active subscriptions with their tiers, in one query. */
export function activeSubscriptionsOf(ctx: AppContext, userId: string) {
  return ctx.db
    .select({ subscription: subscriptions, tier: tiers })
    .from(subscriptions)
    .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
    .where(and(eq(subscriptions.userId, userId), entitledSql()));
}

/**
 * Cancels at the provider, at once, every paid subscription matching `where` that has not ended
 * there: past-due and unpaid ones too, which the provider keeps trying to charge. Called before
 * their tier or account is deleted, so nobody pays for a program that no longer exists.
 */
export async function cancelOpenAtProvider(ctx: AppContext, where: SQL) {
  const open = await ctx.db
    .select({ providerId: subscriptions.providerSubscriptionId, accountId: subscriptions.providerAccountId })
    .from(subscriptions)
    .where(
      and(
        where,
        ne(subscriptions.provider, 'free'),
        isNotNull(subscriptions.providerSubscriptionId),
        notInArray(subscriptions.status, ENDED_AT_PROVIDER),
      ),
    );
  for (const { providerId, accountId } of open) {
    try {
      await ctx.payments.cancelSubscription(providerId!, { now: true, accountId });
    } catch (err) {
      // a missed webhook leaves a row open that the provider already ended: that one is done
      const remote = await ctx.payments.retrieveSubscription(providerId!, { accountId }).catch(() => undefined);
      if (!remote || !ENDED_AT_PROVIDER.includes(remote.status)) throw err;
    }
  }
}

export async function countActiveSubscribers(ctx: AppContext, tierId: string) {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(and(eq(subscriptions.tierId, tierId), entitledSql()));
  return row?.n ?? 0;
}

/**
 * GET app/subscribe/{tierId} for free tiers: creates the subscription starting today in the
 * member's zone (so the drip starts), or reactivates a cancelled one; idempotent when active.
 */
export async function subscribeFree(ctx: AppContext, member: User, tier: Tier) {
  authorizeSubscribe(member, tier);
  if (tier.priceCents > 0) throw badRequest('plan_is_paid');
  const today = localDay(new Date(), member.timeZone);
  const existing = await subscriptionTo(ctx.db, member.id, tier.id);
  if (existing && isActive(existing)) return { subscription: existing, created: false };

  // only the call that actually (re)starts it gets a row back: simultaneous subscribes start it,
  // follow the tier's group and tell the facilitator once
  const [saved] = await ctx.db
    .insert(subscriptions)
    .values({ userId: member.id, tierId: tier.id, startDate: today, priceCents: 0, status: 'active' })
    .onConflictDoUpdate({
      target: [subscriptions.userId, subscriptions.tierId],
      set: { cancelled: false, status: 'active', endDate: null },
      setWhere: sql`not (${entitledSql()})`,
    })
    .returning();
  if (!saved) return { subscription: (await subscriptionTo(ctx.db, member.id, tier.id))!, created: false };
  await tierGroupFollows(ctx.db, {
    userId: member.id,
    tier,
    hadAccess: existing ? isEntitled(existing) : false,
    hasAccess: true,
  });
  await notify(ctx.db, {
    userId: tier.userId,
    type: 'subscriber',
    message: `${member.name} subscribed to ${tier.name}.`,
    link: '/dashboard',
  });
  return { subscription: saved, created: true };
}

/** Free or paid: an unpublished tier is not there (404); one's own cannot be bought (400). */
export function authorizeSubscribe(member: User, tier: Tier) {
  authorize(isOffered(tier), hidden('plan_not_found'));
  authorize(canSubscribe(member, tier), () => badRequest('own_plan'));
}

/** A free subscription's dialogs: cancel and restart (paid ones go to the billing portal). */
export async function setFreeSubscriptionCancelled(ctx: AppContext, member: User, id: string, cancel: boolean) {
  const row = await mySubscription(ctx.db, member.id, id);
  authorize(canCancelInTend(member, row.subscription), () => badRequest('managed_in_billing_portal'));
  await ctx.db
    .update(subscriptions)
    .set(
      cancel
        ? { cancelled: true, status: 'canceled', endDate: new Date() }
        : { cancelled: false, status: 'active', endDate: null },
    )
    .where(eq(subscriptions.id, row.subscription.id));
  await tierGroupFollows(ctx.db, {
    userId: member.id,
    tier: row.tier,
    hadAccess: isEntitled(row.subscription),
    hasAccess: !cancel,
  });
  return presentMySubscription(await mySubscription(ctx.db, member.id, id));
}

/**
 * Billing → a subscription in its free trial: 'Start paying now' ends the trial at the provider
 * (the first period is charged at once), 'Cancel before the first charge' sets it to end with the
 * trial (nothing is charged, access lasts until then). The new state comes back through the
 * provider's events like any other change; the answer is the subscription as Tend holds it then.
 */
export async function changeTrial(ctx: AppContext, member: User, id: string, change: 'start_paying' | 'cancel') {
  const row = await mySubscription(ctx.db, member.id, id);
  authorize(canChangeTrial(member, row.subscription), () => conflict('not_in_trial'));
  const providerId = row.subscription.providerSubscriptionId!;
  const accountId = row.subscription.providerAccountId;
  try {
    if (change === 'start_paying') await ctx.payments.endTrial(providerId, { accountId });
    else await ctx.payments.cancelSubscription(providerId, { now: false, accountId });
  } catch (err) {
    // the provider out of reach answers as such (503, try again), not as a refusal
    if (err instanceof HttpError && err.statusCode === 503) throw err;
    ctx.log.warn({ err, providerSubscriptionId: providerId, change }, 'trial change refused by the payment provider');
    throw fail(502, 'provider_failed');
  }
  return presentMySubscription(await mySubscription(ctx.db, member.id, id));
}
