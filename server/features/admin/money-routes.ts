import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminPaymentRow,
  AdminSubscriberListQuery,
  AdminSubscriberPage,
  AdminSubscriptionRow,
  CancelSubscriptionAnswer,
  CancelSubscriptionRequest,
  RefundPaymentAnswer,
  RefundPaymentRequest,
} from '../../../common/admin/money-schemas';
import { centsToDollars, dollarsToCents } from '../../../common/money';
import { IdParams } from '../../../common/params';
import { requireAdmin } from './policy';
import { refundPayment } from '../payments/refund';
import { cancelSubscription } from '../subscriptions/cancel';
import { asAdmin } from './audit';
import { paymentById } from './service';
import {
  facilitatorSubscribers,
  memberPayments,
  memberSubscriptions,
  presentPayment,
  presentSubscription,
  requireAccount,
} from './money-service';

/**
 * The admin's money tools: a user's subscriptions and payments, a facilitator's
 * current subscribers (the way forward when their deletion is refused), and cancelling and
 * refunding, the subscriptions and payments features' commands run through asAdmin (audited).
 *
 * GET  admin/user/{id}/subscriptions        -> AdminSubscriptionRow[]
 * GET  admin/user/{id}/payments             -> AdminPaymentRow[]
 * GET  admin/facilitator/{id}/subscribers   -> ServerPage<AdminSubscriptionRow>
 * POST admin/subscription/{id}/cancel {when} -> CancelSubscriptionAnswer
 * POST admin/payment/{id}/refund {amount?}  -> RefundPaymentAnswer
 */
export const adminMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/admin/user/:id/subscriptions',
    { schema: { params: IdParams, response: { 200: z.array(AdminSubscriptionRow) } } },
    async (req) => {
      requireAdmin(req);
      const account = await requireAccount(ctx, req.params.id);
      return memberSubscriptions(ctx, account.id);
    },
  );

  app.get(
    '/admin/user/:id/payments',
    { schema: { params: IdParams, response: { 200: z.array(AdminPaymentRow) } } },
    async (req) => {
      requireAdmin(req);
      const account = await requireAccount(ctx, req.params.id);
      return memberPayments(ctx, account.id);
    },
  );

  app.get(
    '/admin/facilitator/:id/subscribers',
    { schema: { params: IdParams, querystring: AdminSubscriberListQuery, response: { 200: AdminSubscriberPage } } },
    async (req) => {
      requireAdmin(req);
      const facilitator = await requireAccount(ctx, req.params.id, true);
      return facilitatorSubscribers(ctx, facilitator.id, req.query);
    },
  );

  app.post(
    '/admin/subscription/:id/cancel',
    { schema: { params: IdParams, body: CancelSubscriptionRequest, response: { 200: CancelSubscriptionAnswer } } },
    async (req) => {
      const admin = requireAdmin(req);
      const { outcome, subscription } = await cancelSubscription(asAdmin(ctx, admin), {
        subscriptionId: req.params.id,
        when: req.body.when,
      });
      return { outcome, subscription: presentSubscription(subscription) };
    },
  );

  app.post(
    '/admin/payment/:id/refund',
    { schema: { params: IdParams, body: RefundPaymentRequest, response: { 200: RefundPaymentAnswer } } },
    async (req) => {
      const admin = requireAdmin(req);
      const { amount } = req.body;
      const { cents } = await refundPayment(asAdmin(ctx, admin), {
        entryId: req.params.id,
        amountCents: amount === undefined ? undefined : dollarsToCents(amount),
      });
      const after = await paymentById(ctx, req.params.id);
      return { refunded: centsToDollars(cents), payment: presentPayment(after.row, after.returned) };
    },
  );
};
