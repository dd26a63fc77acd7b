import type { AdminTierAnswer, AdminTierRow } from '../../../common/admin/schemas';
import { centsToDollars } from '../../../common/money';
import type { Tier } from '../../db/schema';

/** A row of GET admin/facilitator/{id}/tiers. */
export const presentAdminTierRow = (t: Tier): AdminTierRow => ({
  _id: t.id,
  name: t.name,
  price: centsToDollars(t.priceCents),
  type: t.type,
  interval: t.billingInterval,
  published: t.published,
});

/** The admin Tier form (GET / POST admin/tier/{id}). */
export const presentAdminTier = (
  tier: Tier,
  facts: { facilitator: { _id: string; name: string }; priceLocked: boolean },
): AdminTierAnswer => ({
  _id: tier.id,
  name: tier.name,
  price: centsToDollars(tier.priceCents),
  description: tier.description,
  thumbnail: tier.thumbnail,
  facilitator: facts.facilitator,
  priceLocked: facts.priceLocked,
  type: tier.type,
  interval: tier.billingInterval,
  trialDays: tier.trialDays,
});
