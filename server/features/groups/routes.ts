import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/policy';
import { ownGroups, presentOwnGroup } from './service';

/** spec 02 §7 Posts and groups: GET app/own-group, the caller's own groups. */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/app/own-group', async (req) => (await ownGroups(app.ctx, requireUser(req).id)).map(presentOwnGroup));
};
