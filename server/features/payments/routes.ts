import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CheckoutOfferQuery } from '../../../common/offers/schemas';
import { Id, IdParams } from '../../../common/params';
import {
  BillingPortalQuery,
  FacilitatorDashboardAnswer,
  FacilitatorDashboardQuery,
  PaymentsModeAnswer,
  PayoutAccountAnswer,
  RevenueAnswer,
  RevenueQuery,
  SubscriptionActionRequest,
  SubscriptionAnswer,
  SubscriptionListAnswer,
  SwitchIntervalRequest,
  UrlAnswer,
} from '../../../common/payments/schemas';
import { BillingInterval } from '../../../common/tiers/intervals';
import { authorize, hidden } from '../../platform/authorize';
import { requireUser } from '../auth/policy';
import { presentMySubscription } from '../subscriptions/presenter';
import {
  changeTrial,
  listMySubscriptions,
  loadMySubscription,
  setFreeSubscriptionCancelled,
} from '../subscriptions/service';
import { tierById } from '../tiers/service';
import { facilitatorDashboard, revenueByTier } from './earnings';
import { requireFacilitator } from './policy';
import * as payments from './service';
import { switchInterval } from './switch-interval';

const TierParams = z.object({ tierId: Id });
/** A checkout's optional choice of the subscription's price: its interval (absent: the default price). */
/** The checkout's optional choices: the interval of the price (default: the plan's default price) and an offer code. */
const CheckoutQuery = CheckoutOfferQuery.extend({ interval: BillingInterval.optional() });

/** Subscriptions and payments, and the facilitator's earnings. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /** Public: which payments run, so every page can say when no real money moves ('test'). */
  app.get('/payments/mode', { schema: { response: { 200: PaymentsModeAnswer } } }, async () => ({
    mode: ctx.config.paymentsMode,
  }));

  app.get('/app/subscriptions', { schema: { response: { 200: SubscriptionListAnswer } } }, async (req) => {
    const user = requireUser(req);
    return (await listMySubscriptions(ctx, user.id)).map(presentMySubscription);
  });

  app.get(
    '/app/subscriptions/:id',
    { schema: { params: IdParams, response: { 200: SubscriptionAnswer } } },
    async (req) => {
      const user = requireUser(req);
      return presentMySubscription(await loadMySubscription(ctx, user.id, req.params.id));
    },
  );

  app.get(
    '/app/subscribe/:tierId/create-checkout-session',
    {
      config: { idempotent: true },
      schema: { params: TierParams, querystring: CheckoutQuery, response: { 200: UrlAnswer } },
    },
    async (req) => {
      const user = requireUser(req);
      const tier = await tierById(ctx, req.params.tierId);
      authorize(tier !== undefined, hidden('plan_not_found'));
      return payments.startCheckout(ctx, user, tier, { offer: req.query.offer, interval: req.query.interval });
    },
  );

  /** Billing's 'Switch to yearly': the member's running paid subscription moves to another of the tier's prices. */
  app.post(
    '/app/subscriptions/:id/interval',
    {
      config: { idempotent: true },
      schema: { params: IdParams, body: SwitchIntervalRequest, response: { 200: SubscriptionAnswer } },
    },
    async (req) => switchInterval(ctx, requireUser(req), req.params.id, req.body.interval),
  );

  app.post(
    '/app/subscription-action/cancel',
    { schema: { body: SubscriptionActionRequest, response: { 200: SubscriptionAnswer } } },
    async (req) => setFreeSubscriptionCancelled(ctx, requireUser(req), req.body.sub, true),
  );

  app.post(
    '/app/subscription-action/start-paying',
    { schema: { body: SubscriptionActionRequest, response: { 200: SubscriptionAnswer } } },
    async (req) => changeTrial(ctx, requireUser(req), req.body.sub, 'start_paying'),
  );

  app.post(
    '/app/subscription-action/cancel-trial',
    { schema: { body: SubscriptionActionRequest, response: { 200: SubscriptionAnswer } } },
    async (req) => changeTrial(ctx, requireUser(req), req.body.sub, 'cancel'),
  );

  app.post(
    '/app/subscription-action/restart',
    { schema: { body: SubscriptionActionRequest, response: { 200: SubscriptionAnswer } } },
    async (req) => setFreeSubscriptionCancelled(ctx, requireUser(req), req.body.sub, false),
  );

  app.get(
    '/app/stripe-billing-portal',
    { schema: { querystring: BillingPortalQuery, response: { 200: UrlAnswer } } },
    async (req) => payments.billingPortal(ctx, requireUser(req), req.query.rd, req.query.subscription),
  );

  app.get('/app/link-facilitator-bank-account', { schema: { response: { 200: UrlAnswer } } }, async (req) =>
    payments.linkBankAccount(ctx, requireUser(req)),
  );
  app.get('/app/stripe-login-link', { schema: { response: { 200: UrlAnswer } } }, async (req) =>
    payments.loginLink(ctx, requireUser(req)),
  );
  /** Settings after onboarding: the connected account read back from the provider. */
  app.get('/app/payouts/account', { schema: { response: { 200: PayoutAccountAnswer } } }, async (req) =>
    payments.refreshPayoutAccount(ctx, requireUser(req)),
  );

  app.get(
    '/app/facilitator/dashboard',
    { schema: { querystring: FacilitatorDashboardQuery, response: { 200: FacilitatorDashboardAnswer } } },
    async (req, reply) => {
      const { answer, next } = await facilitatorDashboard(ctx, requireFacilitator(req), req.query);
      if (next) reply.header('next-cursor', next);
      return answer;
    },
  );

  app.get(
    '/app/facilitator/revenue',
    { schema: { querystring: RevenueQuery, response: { 200: RevenueAnswer } } },
    async (req) => revenueByTier(ctx, requireFacilitator(req), req.query.period),
  );
};
