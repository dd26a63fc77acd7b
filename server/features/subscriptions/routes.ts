import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/policy';
import { notFound } from '../../platform/errors';
import { findTier, presentSubscription, subscribeFree } from './service';

const TierParams = z.object({ tierId: z.string().uuid('Invalid id') });

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /** spec 02 §7: GET app/subscribe/{tierId} subscribes to a free tier. */
  app.get('/app/subscribe/:tierId', { schema: { params: TierParams } }, async (req) => {
    const member = requireUser(req);
    const tier = await findTier(ctx, req.params.tierId);
    if (!tier) throw notFound('Plan not found');
    const { subscription, created } = await subscribeFree(ctx, member, tier);
    return { status: created ? 'subscribed' : 'already_subscribed', subscription: presentSubscription(subscription, tier) };
  });
};
