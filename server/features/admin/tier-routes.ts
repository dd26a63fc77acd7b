import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminTierAnswer, AdminTierForm, AdminTierRow } from '../../../common/admin/schemas';
import { dollarsToCents } from '../../../common/money';
import { Id, IdParams } from '../../../common/params';
import { DeletedAnswer } from '../../../common/params';
import type { Tier } from '../../db/schema';
import { authorize, hidden } from '../../platform/authorize';
import { requireAdmin } from './policy';
import { deleteTier, listTiersOf, tierById, tierIsBought, tierOwnerById, updateTierBasics } from '../tiers/service';
import { asAdmin } from './audit';
import { presentAdminTier, presentAdminTierRow } from './tier-presenter';

const FacilitatorTierParams = z.object({ id: Id, tierId: Id });
const TierIdParams = z.object({
  id: z
    .string()
    .refine((v) => v !== 'new', 'Tiers are created by their facilitator')
    .pipe(Id),
});

/**
 * GET admin/facilitator/{id}/tiers, DELETE admin/facilitator/{id}/tiers/{tierId} and the
 * admin Tier form on admin/tier/{id} (name, price, description, thumbnail). Admins only; the tiers
 * feature's commands do the work and audit it through asAdmin.
 */
export const adminTierRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  const loadTier = async (tierId: string) => {
    const tier = await tierById(ctx, tierId);
    authorize(tier !== undefined, hidden('tier_not_found'));
    return tier;
  };
  const present = async (tier: Tier) => {
    const [facilitator, priceLocked] = await Promise.all([tierOwnerById(ctx, tier.userId), tierIsBought(ctx, tier.id)]);
    return presentAdminTier(tier, { facilitator: facilitator!, priceLocked });
  };

  app.get(
    '/admin/facilitator/:id/tiers',
    { schema: { params: IdParams, response: { 200: z.array(AdminTierRow) } } },
    async (req) => {
      requireAdmin(req);
      const owner = await tierOwnerById(ctx, req.params.id);
      authorize(owner !== undefined, hidden('facilitator_not_found'));
      return (await listTiersOf(ctx, owner._id, true)).map(presentAdminTierRow);
    },
  );

  app.delete(
    '/admin/facilitator/:id/tiers/:tierId',
    { schema: { params: FacilitatorTierParams, response: { 200: DeletedAnswer } } },
    async (req) => {
      const admin = requireAdmin(req);
      const tier = await tierById(ctx, req.params.tierId);
      authorize(tier?.userId === req.params.id, hidden('tier_not_found'));
      await deleteTier(asAdmin(ctx, admin), tier!);
      return { deleted: true as const };
    },
  );

  app.get('/admin/tier/:id', { schema: { params: TierIdParams, response: { 200: AdminTierAnswer } } }, async (req) => {
    requireAdmin(req);
    return present(await loadTier(req.params.id));
  });

  app.post(
    '/admin/tier/:id',
    { schema: { params: TierIdParams, body: AdminTierForm, response: { 200: AdminTierAnswer } } },
    async (req) => {
      const admin = requireAdmin(req);
      const tier = await loadTier(req.params.id);
      const saved = await updateTierBasics(asAdmin(ctx, admin), tier, {
        name: req.body.name,
        description: req.body.description,
        thumbnail: req.body.thumbnail ?? null,
        priceCents: dollarsToCents(req.body.price),
      });
      return present(saved);
    },
  );
};
