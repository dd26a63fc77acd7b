import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../common/params';
import {
  CreateOfferRequest,
  OfferAnswer,
  OfferLookupAnswer,
  OfferLookupParams,
  OfferParams,
  OffersAnswer,
  UpdateOfferRequest,
} from '../../../common/offers/schemas';
import type { User } from '../../db/schema';
import { authorize, hidden } from '../../platform/authorize';
import { forbidden } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { tierById } from '../tiers/service';
import { canManageOffers } from './policy';
import { archiveOffer, createOffer, listOffers, lookupOffer, updateOffer } from './service';

/** Offers: a tier's codes for its owner (and admins), and the public look-up of a code. */
export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  const loadManaged = async (user: User, id: string) => {
    const tier = await tierById(ctx, id);
    authorize(tier !== undefined, hidden('tier_not_found'));
    authorize(canManageOffers(user, tier), () => forbidden('program_owner_only'));
    return tier;
  };

  app.get('/app/tier/:id/offers', { schema: { params: IdParams, response: { 200: OffersAnswer } } }, async (req) =>
    listOffers(ctx, await loadManaged(requireUser(req), req.params.id)),
  );

  app.post(
    '/app/tier/:id/offers',
    { schema: { params: IdParams, body: CreateOfferRequest, response: { 200: OfferAnswer } } },
    async (req) => createOffer(ctx, await loadManaged(requireUser(req), req.params.id), req.body),
  );

  app.put(
    '/app/tier/:id/offers/:offerId',
    { schema: { params: OfferParams, body: UpdateOfferRequest, response: { 200: OfferAnswer } } },
    async (req) => updateOffer(ctx, await loadManaged(requireUser(req), req.params.id), req.params.offerId, req.body),
  );

  app.post(
    '/app/tier/:id/offers/:offerId/archive',
    { schema: { params: OfferParams, response: { 200: OfferAnswer } } },
    async (req) => archiveOffer(ctx, await loadManaged(requireUser(req), req.params.id), req.params.offerId),
  );

  /** Public: what a code gives on a facilitator's plans (the plan card shows it, or why not). */
  app.get(
    '/offers/:facilitatorId/:code',
    { schema: { params: OfferLookupParams, response: { 200: OfferLookupAnswer } } },
    async (req) => lookupOffer(ctx, req.params.facilitatorId, req.params.code, req.user?.id),
  );
};
