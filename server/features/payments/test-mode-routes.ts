import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SubscriptionActionRequest,
  SubscriptionListAnswer,
  TestCheckoutAnswer,
  UrlAnswer,
} from '../../../common/payments/schemas';
import { conflict } from '../../platform/errors';
import { TestModeConflict, type TestModeProvider } from '../../platform/payments/test-mode';
import { requireUser } from '../auth/policy';
import { presentMySubscription } from '../subscriptions/presenter';
import { listMySubscriptions } from '../subscriptions/service';
import { ownCheckout, ownPaidSubscription, presentTestCheckout } from './test-mode-queries';

const SessionParams = z.object({ id: z.string().regex(/^cs_test_[0-9a-f]{24}$/, 'Invalid checkout') });
const StatusAnswer = <S extends string>(status: S) => ({ response: { 200: z.object({ status: z.literal(status) }) } });

/** Test mode's refusals (TestModeConflict) answer 409 with their message. */
async function conflictOf<T>(action: () => Promise<T>) {
  try {
    return await action();
  } catch (err) {
    if (err instanceof TestModeConflict) throw conflict('checkout_closed', err.message);
    throw err;
  }
}

/**
 * The built-in test-mode provider's hosted pages talk to these calls (registered only when no
 * Stripe key is set): the checkout page, the billing page and the bank-link page.
 */
export const testModeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const provider = ctx.payments as TestModeProvider;
  const ownPaid = (userId: string, id: string) => ownPaidSubscription(ctx, userId, id);

  app.get(
    '/test-mode/checkout/:id',
    { schema: { params: SessionParams, response: { 200: TestCheckoutAnswer } } },
    async (req) => presentTestCheckout(await ownCheckout(ctx, requireUser(req).id, req.params.id)),
  );

  app.post(
    '/test-mode/checkout/:id/pay',
    { schema: { params: SessionParams, response: { 200: UrlAnswer } } },
    async (req) => {
      const { session } = await ownCheckout(ctx, requireUser(req).id, req.params.id);
      // one press completes it; the others (double clicks, other tabs) are told it is done
      return { url: (await conflictOf(() => provider.completeCheckout(session.id))).successUrl };
    },
  );

  /** The billing page: my paid subscriptions, to cancel, resume or (test mode) renew. */
  app.get('/test-mode/billing', { schema: { response: { 200: SubscriptionListAnswer } } }, async (req) => {
    const user = requireUser(req);
    // courses are paid once: only running subscriptions have anything to manage
    return (await listMySubscriptions(ctx, user.id))
      .filter((r) => r.subscription.provider === 'test' && r.subscription.providerSubscriptionId !== null)
      .map(presentMySubscription);
  });

  app.post(
    '/test-mode/billing/cancel',
    { schema: { body: SubscriptionActionRequest, ...StatusAnswer('cancelled') } },
    async (req) => {
      await provider.setCancelAtPeriodEnd(await ownPaid(requireUser(req).id, req.body.sub), true);
      return { status: 'cancelled' as const };
    },
  );

  app.post(
    '/test-mode/billing/resume',
    { schema: { body: SubscriptionActionRequest, ...StatusAnswer('resumed') } },
    async (req) => {
      await provider.setCancelAtPeriodEnd(await ownPaid(requireUser(req).id, req.body.sub), false);
      return { status: 'resumed' as const };
    },
  );

  app.post(
    '/test-mode/billing/renew',
    { schema: { body: SubscriptionActionRequest, ...StatusAnswer('renewed') } },
    async (req) => {
      await conflictOf(async () => provider.renew(await ownPaid(requireUser(req).id, req.body.sub)));
      return { status: 'renewed' as const };
    },
  );

  /**
   * Test mode's declined card at renewal: the subscription goes past due (access continues while
   * Stripe would retry).
   */
  app.post(
    '/test-mode/billing/fail',
    { schema: { body: SubscriptionActionRequest, ...StatusAnswer('past_due') } },
    async (req) => {
      await conflictOf(async () => provider.failRenewal(await ownPaid(requireUser(req).id, req.body.sub)));
      return { status: 'past_due' as const };
    },
  );

  app.post('/test-mode/connect/complete', { schema: StatusAnswer('linked') }, async (req) => {
    await conflictOf(() => provider.completeOnboarding(requireUser(req).id));
    return { status: 'linked' as const };
  });
};
