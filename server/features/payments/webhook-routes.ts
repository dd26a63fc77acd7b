import type { FastifyPluginAsync } from 'fastify';
import { WebhookAnswer } from '../../../common/payments/schemas';
import { badRequest, fail } from '../../platform/errors';
import type { PaymentEvent } from '../../platform/payments/provider';
import { WrongEndpointError, type StripeProvider } from '../../platform/payments/stripe';
import { handlePaymentEvent } from './events';

/**
 * Stripe's two webhook endpoints (README 'Payments'): the platform's own events, and Connect
 * events from facilitators' accounts, each with its own signing secret. The signature is checked
 * over the raw body before anything is read; a signed event meant for the other endpoint is
 * refused. A failure to apply answers 503 so Stripe retries (nothing is marked applied).
 */
export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  const provider = app.ctx.payments as StripeProvider;
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  const endpoint =
    (parse: (body: Buffer, signature: string | undefined) => Promise<PaymentEvent | undefined>) =>
    async (req: { body: unknown; headers: Record<string, unknown> }) => {
      let event: PaymentEvent | undefined;
      try {
        event = await parse(req.body as Buffer, req.headers['stripe-signature'] as string | undefined);
      } catch (err) {
        if (err instanceof WrongEndpointError)
          throw badRequest('wrong_endpoint', `This event belongs to the other webhook endpoint (${err.message})`);
        if ((err as { type?: string }).type === 'StripeSignatureVerificationError') throw badRequest('bad_signature');
        throw unavailable(app, err);
      }
      if (!event) return { received: true as const, result: 'ignored' as const };
      try {
        return { received: true as const, result: await handlePaymentEvent(app.ctx, event) };
      } catch (err) {
        throw unavailable(app, err);
      }
    };

  const answer = { schema: { response: { 200: WebhookAnswer } } };
  app.post('/stripe/webhook', answer, endpoint(provider.parseWebhook));
  app.post('/stripe/connect-webhook', answer, endpoint(provider.parseConnectWebhook));
};

function unavailable(app: { log: { error: (o: object, m: string) => void } }, err: unknown) {
  app.log.error({ err }, 'payment event not applied; Stripe will retry it');
  return fail(503, 'retry_later');
}
