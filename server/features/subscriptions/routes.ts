import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/policy';
import { notFound } from '../../platform/errors';
import { mySubscription, presentMySubscription } from '../payments/service';
import { findTier, subscribeFree } from './service';

const TierParams = z.object({ tierId: z.string().uuid('Invalid id') });

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /** spec 02 §7: GET app/subscribe/{tierId} subscribes to a free tier. */
  app.get('/app/subscribe/:tierId', { schema: { params: TierParams } }, async (req) => {
    const member = requireUser(req);
    const tier = await findTier(ctx, req.params.tierId);
    if (!tier) throw notFound('Plan not found');
    const { subscription, created } = await subscribeFree(ctx, member, tier);
    const row = await mySubscription(ctx, member.id, subscription.id);
    return { status: created ? ('subscribed' as const) : ('already_subscribed' as const), subscription: presentMySubscription(row) };
  });
};
