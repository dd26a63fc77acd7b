import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/policy';
import { notFound } from '../../platform/errors';
import { mySubscription, presentMySubscription } from '../payments/service';
import { CheckoutResultQuery } from '../../../common/payments/checkout-result';
import { checkoutResult } from './checkout-result';
import { findTier, subscribeFree } from './service';

const TierParams = z.object({ tierId: z.string().uuid('Invalid id') });
const RefParams = z.object({ ref: z.string().max(100) });

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /** spec 02 §7: GET app/subscribe/{tierId} subscribes to a free tier. */
  app.get('/app/subscribe/:tierId', { schema: { params: TierParams } }, async (req) => {
    const member = requireUser(req);
    const tier = await findTier(ctx, req.params.tierId);
    if (!tier) throw notFound('Plan not found');
    const { subscription, created } = await subscribeFree(ctx, member, tier);
    const row = await mySubscription(ctx, member.id, subscription.id);
    return {
      status: created ? ('subscribed' as const) : ('already_subscribed' as const),
      subscription: presentMySubscription(row),
    };
  });

  /** The result page after a checkout (/subscription/{ref}/{status}): what was bought, and whether it is held yet. */
  app.get(
    '/app/checkout-result/:ref',
    { schema: { params: RefParams, querystring: CheckoutResultQuery } },
    async (req) => checkoutResult(ctx, requireUser(req), req.params.ref, req.query.checkout),
  );
};
