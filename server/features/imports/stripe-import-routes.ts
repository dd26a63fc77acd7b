import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  StripeImportPreviewAnswer,
  StripeImportPreviewQuery,
  StripeImportRunAnswer,
  StripeImportRunBody,
} from '../../../common/imports/stripe-import-schemas';
import { mappingsFromQuery } from './stripe-import-presenter';
import { requireImportingFacilitator } from './stripe-import-policy';
import { previewStripeImport, runStripeImport } from './stripe-import-service';

/** A facilitator brings the paying subscribers of their own Stripe account over (docs: payments). */
export const stripeImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/app/facilitator/imports/stripe/preview',
    { schema: { querystring: StripeImportPreviewQuery, response: { 200: StripeImportPreviewAnswer } } },
    async (req) => previewStripeImport(ctx, requireImportingFacilitator(req), mappingsFromQuery(req.query.mappings)),
  );

  app.post(
    '/app/facilitator/imports/stripe',
    { schema: { body: StripeImportRunBody, response: { 200: StripeImportRunAnswer } } },
    async (req) => runStripeImport(ctx, requireImportingFacilitator(req), req.body.mappings),
  );
};
