import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SubscriptionActionRequest } from '../../../common/payments/schemas';
import { checkoutSessions, sessions, subscriptions, tiers, users } from '../../db/schema';
import { TestModeConflict, type TestModeProvider } from '../../platform/payments/test-mode';
import { conflict, notFound } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { mySubscriptions, presentMySubscription } from './service';

const SessionParams = z.object({ id: z.string().regex(/^cs_test_[0-9a-f]{24}$/, 'Invalid checkout') });

/**
 * The built-in test-mode provider's hosted pages talk to these calls (registered only when no
 * Stripe key is set): the checkout page, the billing page and the bank-link page.
 */
/** Test mode's refusals (TestModeConflict) answer 409 with their message. */
async function conflictOf<T>(action: () => Promise<T>) {
  try {
    return await action();
  } catch (err) {
    if (err instanceof TestModeConflict) throw conflict(err.message, { code: 'checkout_closed' });
    throw err;
  }
}

export const testModeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const provider = ctx.payments as TestModeProvider;

  const ownSession = async (userId: string, id: string) => {
    const [row] = await ctx.db
      .select({
        session: checkoutSessions,
        tierName: sql<string | null>`coalesce(${tiers.name}, ${sessions.name})`,
        interval: tiers.billingInterval,
        trialDays: tiers.trialDays,
        kind: sql<
          'subscription' | 'course' | 'session'
        >`case when ${checkoutSessions.sessionId} is not null then 'session' when ${checkoutSessions.mode} = 'subscription' then 'subscription' else 'course' end`,
        facilitator: users.name,
      })
      .from(checkoutSessions)
      .leftJoin(tiers, eq(tiers.id, checkoutSessions.tierId))
      // a bookable session's checkout names the session (its id is in the metadata)
      .leftJoin(sessions, eq(sessions.id, checkoutSessions.sessionId))
      .leftJoin(users, eq(users.id, sql`coalesce(${tiers.userId}, ${sessions.facilitatorId})`))
      .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.userId, userId)))
      .limit(1);
    if (!row) throw notFound('Checkout not found');
    return row;
  };

  app.get('/test-mode/checkout/:id', { schema: { params: SessionParams } }, async (req) => {
    const { session, tierName, facilitator, interval, trialDays, kind } = await ownSession(
      requireUser(req).id,
      req.params.id,
    );
    const open = session.status === 'open' && (!session.expiresAt || session.expiresAt > new Date());
    return {
      id: session.id,
      // a refunded checkout was paid: the page says so
      status: open
        ? ('open' as const)
        : session.status === 'open' || session.status === 'expired'
          ? ('expired' as const)
          : ('complete' as const),
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
  });

  app.post('/test-mode/checkout/:id/pay', { schema: { params: SessionParams } }, async (req) => {
    const { session } = await ownSession(requireUser(req).id, req.params.id);
    // one press completes it; the others (double clicks, other tabs) are told it is done
    return { url: (await conflictOf(() => provider.completeCheckout(session.id))).successUrl };
  });

  /** The billing page: my paid subscriptions, to cancel, resume or (test mode) renew. */
  app.get('/test-mode/billing', async (req) => {
    const user = requireUser(req);
    // courses are paid once: only running subscriptions have anything to manage
    return (await mySubscriptions(ctx, user.id))
      .filter((r) => r.subscription.provider === 'test' && r.subscription.providerSubscriptionId !== null)
      .map(presentMySubscription);
  });

  const ownPaid = async (userId: string, id: string) => {
    const [row] = await ctx.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId), eq(subscriptions.provider, 'test')))
      .limit(1);
    if (!row?.providerSubscriptionId) throw notFound('Subscription not found');
    return row.providerSubscriptionId;
  };

  app.post('/test-mode/billing/cancel', { schema: { body: SubscriptionActionRequest } }, async (req) => {
    await provider.setCancelAtPeriodEnd(await ownPaid(requireUser(req).id, req.body.sub), true);
    return { status: 'cancelled' };
  });

  app.post('/test-mode/billing/resume', { schema: { body: SubscriptionActionRequest } }, async (req) => {
    await provider.setCancelAtPeriodEnd(await ownPaid(requireUser(req).id, req.body.sub), false);
    return { status: 'resumed' };
  });

  app.post('/test-mode/billing/renew', { schema: { body: SubscriptionActionRequest } }, async (req) => {
    await conflictOf(async () => provider.renew(await ownPaid(requireUser(req).id, req.body.sub)));
    return { status: 'renewed' };
  });

  /** Test mode's declined card at renewal: the subscription goes past due (access continues while Stripe would retry). */
  app.post('/test-mode/billing/fail', { schema: { body: SubscriptionActionRequest } }, async (req) => {
    await conflictOf(async () => provider.failRenewal(await ownPaid(requireUser(req).id, req.body.sub)));
    return { status: 'past_due' };
  });

  app.post('/test-mode/connect/complete', async (req) => {
    await conflictOf(() => provider.completeOnboarding(requireUser(req).id));
    return { status: 'linked' };
  });
};
