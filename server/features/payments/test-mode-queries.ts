import { and, eq, sql } from 'drizzle-orm';
import type { TestCheckoutAnswer } from '../../../common/payments/schemas';
import type { BillingInterval } from '../../../common/tiers/intervals';
import type { AppContext } from '../../platform/context';
import { checkoutSessions, sessions, subscriptions, tiers, users } from '../../db/schema';
import { notFound } from '../../platform/errors';

/** The caller's own test-mode checkout with what it buys, or 404. */
export async function ownCheckout(ctx: Pick<AppContext, 'db'>, userId: string, id: string) {
  const [row] = await ctx.db
    .select({
      session: checkoutSessions,
      tierName: sql<string | null>`coalesce(${tiers.name}, ${sessions.name})`,
      // the interval of the price the checkout sells (its metadata), else the tier's
      interval: sql<BillingInterval | null>`coalesce(${checkoutSessions.metadata}::jsonb ->> 'interval', ${tiers.billingInterval})`,
      trialDays: tiers.trialDays,
      kind: sql<'subscription' | 'course' | 'session'>`case
        when ${checkoutSessions.sessionId} is not null then 'session'
        when ${checkoutSessions.mode} = 'subscription' then 'subscription'
        else 'course' end`,
      facilitator: users.name,
    })
    .from(checkoutSessions)
    .leftJoin(tiers, eq(tiers.id, checkoutSessions.tierId))
    // a bookable session's checkout names the session (its id is in the metadata)
    .leftJoin(sessions, eq(sessions.id, checkoutSessions.sessionId))
    .leftJoin(users, eq(users.id, sql`coalesce(${tiers.userId}, ${sessions.facilitatorId})`))
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.userId, userId)))
    .limit(1);
  if (!row) throw notFound('checkout_not_found');
  return row;
}

/** The hosted checkout page's answer. */
export function presentTestCheckout({
  session,
  tierName,
  facilitator,
  interval,
  trialDays,
  kind,
}: Awaited<ReturnType<typeof ownCheckout>>): TestCheckoutAnswer {
  const open = session.status === 'open' && (!session.expiresAt || session.expiresAt > new Date());
  return {
    id: session.id,
    // a refunded checkout was paid: the page says so
    status: open ? 'open' : session.status === 'open' || session.status === 'expired' ? 'expired' : 'complete',
    mode: session.mode,
    /** what is being bought, to label the line item */
    kind,
    description: tierName ?? 'Tend purchase',
    facilitator: facilitator ?? '',
    amount: session.amountCents,
    interval: session.mode === 'subscription' ? (interval ?? 'month') : null,
    trialDays: session.mode === 'subscription' ? (trialDays ?? 0) : 0,
    successUrl: session.successUrl,
    cancelUrl: session.cancelUrl,
  };
}

/** The provider id of the caller's own test-mode subscription, or 404. */
export async function ownPaidSubscription(ctx: Pick<AppContext, 'db'>, userId: string, id: string) {
  const [row] = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId), eq(subscriptions.provider, 'test')))
    .limit(1);
  if (!row?.providerSubscriptionId) throw notFound('subscription_not_found');
  return row.providerSubscriptionId;
}
