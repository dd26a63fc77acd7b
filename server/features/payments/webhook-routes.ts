import type { FastifyPluginAsync } from 'fastify';
import type { StripeProvider } from '../../platform/payments/stripe';
import { badRequest } from '../../platform/errors';
import { handlePaymentEvent } from './events';

/** Stripe's webhook: the signature is checked over the raw body before anything is read. */
export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
  app.post('/stripe/webhook', async (req) => {
    let event;
    try {
      event = (app.ctx.payments as StripeProvider).parseWebhook(req.body as Buffer, req.headers['stripe-signature'] as string | undefined);
    } catch {
      throw badRequest('Invalid webhook signature');
    }
    return { received: true, result: await handlePaymentEvent(app.ctx, event) };
  });
};
