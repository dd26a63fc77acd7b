import { and, eq, sql } from 'drizzle-orm';
import type { TestCheckoutAnswer } from '../../../common/payments/schemas';
import type { BillingInterval } from '../../../common/tiers/intervals';
import type { AppContext } from '../../platform/context';
import { describeOfferPrice, discountOf } from '../../../common/offers/terms';
import { checkoutSessions, offers, sessions, subscriptions, tiers, users } from '../../db/schema';
import { offerTerms } from '../../platform/payments/offer-terms';
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
      offer: offers,
    })
    .from(checkoutSessions)
    .leftJoin(offers, eq(offers.id, checkoutSessions.offerId))
    .leftJoin(tiers, eq(tiers.id, checkoutSessions.tierId))
    // a bookable session's checkout names the session (its id is in the metadata)
    .leftJoin(sessions, eq(sessions.id, checkoutSessions.sessionId))
    // a gift's checkout names its facilitator in the metadata only
    .leftJoin(
      users,
      eq(
        users.id,
        sql`coalesce(${tiers.userId}, ${sessions.facilitatorId}, (${checkoutSessions.metadata}::jsonb ->> 'facilitatorId')::uuid)`,
      ),
    )
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
  offer,
}: Awaited<ReturnType<typeof ownCheckout>>): TestCheckoutAnswer {
  const terms = offer ? offerTerms(offer) : undefined;
  const recurring = session.mode === 'subscription';
  const trial = terms?.kind === 'trial' ? terms.trialDays : recurring ? (trialDays ?? 0) : 0;
  const open = session.status === 'open' && (!session.expiresAt || session.expiresAt > new Date());
  return {
    id: session.id,
    // a refunded checkout was paid: the page says so
    status: open ? 'open' : session.status === 'open' || session.status === 'expired' ? 'expired' : 'complete',
    mode: session.mode,
    /** what is being bought, to label the line item */
    kind,
    // a gift has no tier on its checkout: its metadata carries the line's label
    description: tierName ?? (JSON.parse(session.metadata) as { label?: string }).label ?? 'Tend purchase',
    facilitator: facilitator ?? '',
    amount: session.amountCents,
    interval: session.mode === 'subscription' ? (interval ?? 'month') : null,
    trialDays: trial,
    successUrl: session.successUrl,
    cancelUrl: session.cancelUrl,
    ...(offer && terms
      ? {
          offer: {
            code: offer.code,
            text: describeOfferPrice(terms, {
              amountCents: session.amountCents,
              interval: interval ?? 'month',
              recurring,
            }),
            dueTodayCents: trial > 0 ? 0 : session.amountCents - discountOf(terms, session.amountCents),
          },
        }
      : {}),
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
