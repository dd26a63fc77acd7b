import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminSubscriberListQuery,
  CancelSubscriptionRequest,
  RefundPaymentRequest,
} from '../../../common/admin/money-schemas';
import { dollarsToCents } from '../../../common/money';
import { IdParams } from '../../../common/params';
import { requireAdmin } from '../auth/policy';
import {
  cancelSubscriptionAsAdmin,
  facilitatorSubscribers,
  memberPayments,
  memberSubscriptions,
  refundPaymentAsAdmin,
  requireAccount,
} from './money-service';

/**
 * issue 14 item 7, the admin's money tools: a user's subscriptions and payments, a facilitator's
 * current subscribers (the way forward when their deletion is refused), and cancelling and
 * refunding. Admins only; every action is audited.
 *
 * GET  admin/user/{id}/subscriptions        -> AdminSubscriptionRow[]
 * GET  admin/user/{id}/payments             -> AdminPaymentRow[]
 * GET  admin/facilitator/{id}/subscribers   -> ServerPage<AdminSubscriptionRow>
 * POST admin/subscription/{id}/cancel {when} -> CancelSubscriptionAnswer
 * POST admin/payment/{id}/refund {amount?}  -> RefundPaymentAnswer
 */
export const adminMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/admin/user/:id/subscriptions', { schema: { params: IdParams } }, async (req) => {
    requireAdmin(req);
    const account = await requireAccount(ctx, req.params.id);
    return memberSubscriptions(ctx, account.id);
  });

  app.get('/admin/user/:id/payments', { schema: { params: IdParams } }, async (req) => {
    requireAdmin(req);
    const account = await requireAccount(ctx, req.params.id);
    return memberPayments(ctx, account.id);
  });

  app.get(
    '/admin/facilitator/:id/subscribers',
    { schema: { params: IdParams, querystring: AdminSubscriberListQuery } },
    async (req) => {
      requireAdmin(req);
      const facilitator = await requireAccount(ctx, req.params.id, true);
      return facilitatorSubscribers(ctx, facilitator.id, req.query);
    },
  );

  app.post(
    '/admin/subscription/:id/cancel',
    { schema: { params: IdParams, body: CancelSubscriptionRequest } },
    async (req) =>
      cancelSubscriptionAsAdmin(ctx, { admin: requireAdmin(req), subscriptionId: req.params.id, when: req.body.when }),
  );

  app.post('/admin/payment/:id/refund', { schema: { params: IdParams, body: RefundPaymentRequest } }, async (req) => {
    const { amount } = req.body;
    return refundPaymentAsAdmin(ctx, {
      admin: requireAdmin(req),
      entryId: req.params.id,
      amountCents: amount === undefined ? undefined : dollarsToCents(amount),
    });
  });
};
