import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { IdParams } from '../../../common/params';
import { BillingPortalQuery, RevenueQuery, SubscriptionActionRequest } from '../../../common/payments/schemas';
import { content, subscriptions, tiers as tierTable } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { selectContent } from '../content/queries';
import { findTier, isActive } from '../subscriptions/service';
import { revenueByTier, tierStatus } from './earnings';
import { authorizeMoney } from './policy';
import * as payments from './service';

const TierParams = z.object({ tierId: z.string().uuid('Invalid id') });

/** spec 02 §7 Subscriptions and payments, and the facilitator's earnings. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /** Public: which payments run, so every page can say when no real money moves ('test'). */
  app.get('/payments/mode', async () => ({ mode: ctx.config.paymentsMode }));

  app.get('/app/subscriptions', async (req) => {
    const user = requireUser(req);
    return (await payments.mySubscriptions(ctx, user.id)).map(payments.presentMySubscription);
  });

  app.get('/app/subscriptions/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requireUser(req);
    return payments.presentMySubscription(await payments.mySubscription(ctx, user.id, req.params.id));
  });

  app.get('/app/subscribe/:tierId/create-checkout-session', { schema: { params: TierParams } }, async (req) => {
    const user = requireUser(req);
    const tier = await findTier(ctx, req.params.tierId);
    if (!tier) throw notFound('Plan not found');
    return payments.startCheckout(ctx, user, tier);
  });

  app.post('/app/subscription-action/cancel', { schema: { body: SubscriptionActionRequest } }, async (req) =>
    payments.setFreeSubscriptionCancelled(ctx, requireUser(req), req.body.sub, true),
  );

  app.post('/app/subscription-action/restart', { schema: { body: SubscriptionActionRequest } }, async (req) =>
    payments.setFreeSubscriptionCancelled(ctx, requireUser(req), req.body.sub, false),
  );

  app.get('/app/stripe-billing-portal', { schema: { querystring: BillingPortalQuery } }, async (req) =>
    payments.billingPortal(ctx, requireUser(req), req.query.rd),
  );

  app.get('/app/link-facilitator-bank-account', async (req) => payments.linkBankAccount(ctx, requireUser(req)));
  app.get('/app/stripe-login-link', async (req) => payments.loginLink(ctx, requireUser(req)));
  /** Settings after onboarding: the connected account read back from the provider. */
  app.get('/app/payouts/account', async (req) => payments.refreshPayoutAccount(ctx, requireUser(req)));

  const requireFacilitator = (req: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(req);
    authorizeMoney(user);
    return user;
  };

  app.get('/app/facilitator/dashboard', async (req) => {
    const user = requireFacilitator(req);
    const [tiers, items, subs] = await Promise.all([
      tierStatus(ctx, user.id),
      selectContent(ctx.db, eq(content.userId, user.id)),
      ctx.db
        .select({ subscription: subscriptions })
        .from(subscriptions)
        .innerJoin(tierTable, eq(tierTable.id, subscriptions.tierId))
        .where(eq(tierTable.userId, user.id))
        .orderBy(desc(subscriptions.createdAt))
        .limit(500),
    ]);
    return {
      tiers,
      content: items.map((i) => ({
        _id: i.content.id,
        title: i.content.title,
        hitCount: i.content.hitCount,
        tiers: i.tierIds,
      })),
      subscriptions: subs.map(({ subscription: s }) => ({
        _id: s.id,
        tier: s.tierId,
        cancelled: s.cancelled,
        isActive: isActive(s),
        startDate: s.startDate,
      })),
      payouts: payments.presentPayouts(user),
    };
  });

  app.get('/app/facilitator/revenue', { schema: { querystring: RevenueQuery } }, async (req) =>
    revenueByTier(ctx, requireFacilitator(req), req.query.period),
  );
};
