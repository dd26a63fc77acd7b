import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CheckoutResultAnswer, CheckoutResultQuery } from '../../../common/payments/checkout-result';
import { SubscribeAnswer } from '../../../common/payments/schemas';
import { Id } from '../../../common/params';
import { authorize, hidden } from '../../platform/authorize';
import { requireUser } from '../auth/policy';
import { tierById } from '../tiers/service';
import { checkoutResult } from './checkout-result';
import { presentMySubscription } from './presenter';
import { loadMySubscription, subscribeFree } from './service';

const TierParams = z.object({ tierId: Id });
const RefParams = z.object({ ref: z.string().max(100) });

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /** GET app/subscribe/{tierId} subscribes to a free tier. */
  app.get(
    '/app/subscribe/:tierId',
    { schema: { params: TierParams, response: { 200: SubscribeAnswer } } },
    async (req) => {
      const member = requireUser(req);
      const tier = await tierById(ctx, req.params.tierId);
      authorize(tier !== undefined, hidden('plan_not_found'));
      const { subscription, created } = await subscribeFree(ctx, member, tier);
      return {
        status: created ? ('subscribed' as const) : ('already_subscribed' as const),
        subscription: presentMySubscription(await loadMySubscription(ctx, member.id, subscription.id)),
      };
    },
  );

  /** The result page after a checkout (/subscription/{ref}/{status}): what was bought, and whether it is held yet. */
  app.get(
    '/app/checkout-result/:ref',
    { schema: { params: RefParams, querystring: CheckoutResultQuery, response: { 200: CheckoutResultAnswer } } },
    async (req) => checkoutResult(ctx, requireUser(req), req.params.ref, req.query.checkout),
  );
};
