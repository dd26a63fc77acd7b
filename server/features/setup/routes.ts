import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateOwnerRequest, OwnerSetupQuery } from '../../../common/setup/schemas';
import * as setup from './service';

/** issue 13, the first run: the setup link's page asks whether it may show its form, then creates the owner. */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/setup/owner', { schema: { querystring: OwnerSetupQuery } }, async (req) =>
    setup.checkOwnerSetup(ctx, req.ip, req.query.token),
  );

  app.post('/setup/owner', { schema: { body: CreateOwnerRequest } }, async (req) =>
    setup.createOwner(ctx, req.ip, req.body),
  );
};
