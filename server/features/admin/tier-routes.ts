import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN_MESSAGES, AdminTierForm, type AdminTierAnswer, type AdminTierRow } from '../../../common/admin/schemas';
import { centsToDollars, dollarsToCents } from '../../../common/money';
import type { Database } from '../../db/client';
import { subscriptions, tiers, users, type Tier } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import { requireAdmin } from '../auth/policy';
import { deleteTier } from '../tiers/service';
import { audit } from './audit';
import { IdParams } from '../../../common/params';

const FacilitatorTierParams = z.object({ id: z.string().uuid('Invalid id'), tierId: z.string().uuid('Invalid id') });
const TierIdParams = z.object({
  id: z
    .string()
    .refine((v) => v !== 'new', 'Tiers are created by their facilitator')
    .pipe(z.string().uuid('Invalid id')),
});

const presentRow = (t: Tier): AdminTierRow => ({
  _id: t.id,
  name: t.name,
  price: centsToDollars(t.priceCents),
  type: t.type,
  interval: t.billingInterval,
  published: t.published,
});

/**
 * spec 01 §7: GET admin/facilitator/{id}/tiers, DELETE admin/facilitator/{id}/tiers/{tierId} and the
 * admin Tier form on admin/tier/{id} (name, price, description, thumbnail). Admins only, audited.
 * The price may change only until someone has bought the tier (spec 02 §5 fixes it after that).
 */
export const adminTierRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const { db } = ctx;

  const findTier = async (tierId: string) => {
    const [row] = await db.select().from(tiers).where(eq(tiers.id, tierId));
    if (!row) throw notFound('Tier not found');
    return row;
  };
  const isBought = async (tierId: string) =>
    (await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.tierId, tierId)).limit(1))
      .length > 0;

  app.get('/admin/facilitator/:id/tiers', { schema: { params: IdParams } }, async (req) => {
    requireAdmin(req);
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.id, req.params.id));
    if (!owner) throw notFound('Facilitator not found');
    return (await db.select().from(tiers).where(eq(tiers.userId, owner.id)).orderBy(asc(tiers.createdAt))).map(
      presentRow,
    );
  });

  app.delete('/admin/facilitator/:id/tiers/:tierId', { schema: { params: FacilitatorTierParams } }, async (req) => {
    const admin = requireAdmin(req);
    const [tier] = await db
      .select()
      .from(tiers)
      .where(and(eq(tiers.id, req.params.tierId), eq(tiers.userId, req.params.id)));
    if (!tier) throw notFound('Tier not found');
    await deleteTier(ctx, tier, (tx) =>
      audit(tx, admin, {
        action: 'delete',
        targetType: 'tier',
        targetId: tier.id,
        details: { name: tier.name, facilitator: tier.userId },
      }),
    );
    return { deleted: true };
  });

  async function present(tier: Tier): Promise<AdminTierAnswer> {
    const [owner] = await db.select({ _id: users.id, name: users.name }).from(users).where(eq(users.id, tier.userId));
    return {
      _id: tier.id,
      name: tier.name,
      price: centsToDollars(tier.priceCents),
      description: tier.description,
      thumbnail: tier.thumbnail,
      facilitator: owner!,
      priceLocked: await isBought(tier.id),
      type: tier.type,
      interval: tier.billingInterval,
      trialDays: tier.trialDays,
    };
  }

  app.get('/admin/tier/:id', { schema: { params: TierIdParams } }, async (req) => {
    requireAdmin(req);
    return present(await findTier(req.params.id));
  });

  app.post('/admin/tier/:id', { schema: { params: TierIdParams, body: AdminTierForm } }, async (req) => {
    const admin = requireAdmin(req);
    const tier = await findTier(req.params.id);
    const priceCents = dollarsToCents(req.body.price);
    const priceChanges = priceCents !== tier.priceCents;
    if (priceChanges && (await isBought(tier.id)))
      throw conflict('price_locked', { message: ADMIN_MESSAGES.priceLocked });
    const values = {
      name: req.body.name,
      description: req.body.description,
      thumbnail: req.body.thumbnail ?? null,
      priceCents,
      // the provider's price is made again at the next checkout
      ...(priceChanges ? { stripePriceId: null } : {}),
    };
    const saved = await db.transaction(async (tx) => {
      const t = tx;
      const [row] = await t.update(tiers).set(values).where(eq(tiers.id, tier.id)).returning();
      const changed = Object.fromEntries(
        Object.entries(values).filter(([k, v]) => k !== 'stripePriceId' && tier[k as keyof Tier] !== v),
      );
      await audit(t, admin, {
        action: 'update',
        targetType: 'tier',
        targetId: tier.id,
        details: { name: row!.name, ...changed },
      });
      return row!;
    });
    return present(saved);
  });
};
