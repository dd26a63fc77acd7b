import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdOrNewParams, IdParams } from '../../../common/params';
import { CreateGrantRequest, GrantParams, TierGrantAnswer, TierGrantsAnswer } from '../../../common/tiers/grants';
import {
  CreateTierRequest,
  FirstDayAnswer,
  TierAnswer,
  TierDeletableAnswer,
  TierDeletedAnswer,
  UpdateTierRequest,
} from '../../../common/tiers/schemas';
import type { Tier, User } from '../../db/schema';
import { authorize, hidden } from '../../platform/authorize';
import { forbidden } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { createGrant, listGrants, revokeGrant } from './grants';
import { canCreateTier, canEditTier, canGrantTier } from './policy';
import { presentTier } from './presenter';
import { createTier, deleteTier, firstDayOf, tierById, tierDeletable, tierPricesOf, updateTier } from './service';

const onlyFacilitators = () => forbidden('program_facilitators_only');

/** Tiers: form endpoint app/tier (id or 'new'); POST app/tier also reorders the queue. */
export const tierRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /** A tier's answer with its prices. */
  const present = async (tier: Tier) => presentTier(tier, await tierPricesOf(ctx, tier.id));

  const loadOwned = async (user: User, id: string) => {
    const tier = await tierById(ctx, id);
    authorize(tier !== undefined, hidden('tier_not_found'));
    authorize(canEditTier(user, tier), () => forbidden('program_owner_only'));
    return tier;
  };

  /** The first-day checklist of an empty /dashboard and /program. */
  app.get('/app/facilitator/first-day', { schema: { response: { 200: FirstDayAnswer } } }, async (req) => {
    const user = requireUser(req);
    authorize(canCreateTier(user), onlyFacilitators);
    return firstDayOf(ctx, user);
  });

  app.get('/app/tier/:id', { schema: { params: IdParams, response: { 200: TierAnswer } } }, async (req) => {
    const user = requireUser(req);
    return present(await loadOwned(user, req.params.id));
  });

  /** POST app/tier: create, or update/reorder when the body names `_id`. */
  app.post('/app/tier', { schema: { response: { 200: TierAnswer } } }, async (req) => {
    const user = requireUser(req);
    const body = (req.body ?? {}) as { _id?: unknown };
    if (body._id !== undefined) {
      const input = UpdateTierRequest.parse(req.body);
      return present(await updateTier(ctx, await loadOwned(user, input._id!), input));
    }
    authorize(canCreateTier(user), onlyFacilitators);
    return present(await createTier(ctx, user, CreateTierRequest.parse(req.body)));
  });

  app.post('/app/tier/:id', { schema: { params: IdOrNewParams, response: { 200: TierAnswer } } }, async (req) => {
    const user = requireUser(req);
    if (req.params.id === 'new') {
      authorize(canCreateTier(user), onlyFacilitators);
      return present(await createTier(ctx, user, CreateTierRequest.parse(req.body)));
    }
    const tier = await loadOwned(user, req.params.id);
    return present(await updateTier(ctx, tier, UpdateTierRequest.parse(req.body)));
  });

  /** Asked before the confirmation, so a blocked delete is said first. */
  app.get(
    '/app/tier/:id/deletable',
    { schema: { params: IdParams, response: { 200: TierDeletableAnswer } } },
    async (req) => {
      const user = requireUser(req);
      return tierDeletable(ctx, await loadOwned(user, req.params.id));
    },
  );

  app.delete('/app/tier/:id', { schema: { params: IdParams, response: { 200: TierDeletedAnswer } } }, async (req) => {
    const user = requireUser(req);
    return deleteTier(ctx, await loadOwned(user, req.params.id));
  });

  // ---- complimentary access (grants.ts) ----

  const loadGrantable = async (user: User, id: string) => {
    const tier = await tierById(ctx, id);
    authorize(tier !== undefined, hidden('tier_not_found'));
    authorize(canGrantTier(user, tier), () => forbidden('program_owner_only'));
    return tier;
  };

  app.get('/app/tier/:id/grants', { schema: { params: IdParams, response: { 200: TierGrantsAnswer } } }, async (req) =>
    listGrants(ctx, await loadGrantable(requireUser(req), req.params.id)),
  );

  app.post(
    '/app/tier/:id/grants',
    { schema: { params: IdParams, body: CreateGrantRequest, response: { 200: TierGrantAnswer } } },
    async (req) => {
      const user = requireUser(req);
      return createGrant(ctx, user, await loadGrantable(user, req.params.id), req.body);
    },
  );

  app.delete(
    '/app/tier/:id/grants/:grantId',
    { schema: { params: GrantParams, response: { 200: z.object({ revoked: z.literal(true) }) } } },
    async (req) => {
      const user = requireUser(req);
      return revokeGrant(ctx, user, await loadGrantable(user, req.params.id), req.params.grantId);
    },
  );
};
