import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateOwnerAnswer,
  CreateOwnerRequest,
  OwnerSetupAnswer,
  OwnerSetupQuery,
} from '../../../common/setup/schemas';
import * as setup from './service';

/** The first run: the setup link's page asks whether it may show its form, then creates the owner. */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/setup/owner',
    { schema: { querystring: OwnerSetupQuery, response: { 200: OwnerSetupAnswer } } },
    async (req) => setup.checkOwnerSetup(ctx, req.ip, req.query.token),
  );

  app.post(
    '/setup/owner',
    { schema: { body: CreateOwnerRequest, response: { 200: CreateOwnerAnswer } } },
    async (req) => setup.createOwner(ctx, req.ip, req.body),
  );
};
