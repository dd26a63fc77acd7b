import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdOrNewParams, IdParams } from '../../../common/params';
import { CreateTierRequest, UpdateTierRequest } from '../../../common/tiers/schemas';
import { notFound } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { findTier } from '../subscriptions/service';
import { authorizeCreate, authorizeEdit } from './policy';
import { presentTier } from './presenter';
import { createTier, deleteTier, firstDayOf, tierDeletable, updateTier } from './service';

/** spec 02 §7 Tiers: form endpoint app/tier (id or 'new'); POST app/tier also reorders the queue. */
export const tierRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  const loadOwned = async (user: Parameters<typeof authorizeEdit>[0], id: string) => {
    const tier = await findTier(ctx, id);
    if (!tier) throw notFound('Tier not found');
    authorizeEdit(user, tier);
    return tier;
  };

  /** The first-day checklist of an empty /dashboard and /program (issue 15 item 17). */
  app.get('/app/facilitator/first-day', async (req) => {
    const user = requireUser(req);
    authorizeCreate(user);
    return firstDayOf(ctx, user);
  });

  app.get('/app/tier/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requireUser(req);
    return presentTier(await loadOwned(user, req.params.id));
  });

  /** POST app/tier: create, or update/reorder when the body names `_id`. */
  app.post('/app/tier', async (req) => {
    const user = requireUser(req);
    const body = (req.body ?? {}) as { _id?: unknown };
    if (body._id !== undefined) {
      const input = UpdateTierRequest.parse(req.body);
      return presentTier(await updateTier(ctx, await loadOwned(user, input._id!), input));
    }
    authorizeCreate(user);
    return presentTier(await createTier(ctx, user, CreateTierRequest.parse(req.body)));
  });

  app.post('/app/tier/:id', { schema: { params: IdOrNewParams } }, async (req) => {
    const user = requireUser(req);
    if (req.params.id === 'new') {
      authorizeCreate(user);
      return presentTier(await createTier(ctx, user, CreateTierRequest.parse(req.body)));
    }
    const tier = await loadOwned(user, req.params.id);
    return presentTier(await updateTier(ctx, tier, UpdateTierRequest.parse(req.body)));
  });

  /** Asked before the confirmation, so a blocked delete is said first (issue 15). */
  app.get('/app/tier/:id/deletable', { schema: { params: IdParams } }, async (req) => {
    const user = requireUser(req);
    return tierDeletable(ctx, await loadOwned(user, req.params.id));
  });

  app.delete('/app/tier/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requireUser(req);
    return deleteTier(ctx, await loadOwned(user, req.params.id));
  });
};
