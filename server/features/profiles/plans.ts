import type { TierAnswer } from '../../../common/tiers/schemas';
import type { User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { canTakePayments } from '../payments/checkouts';
import { presentProfileTier } from './presenter';
import { listPlansOf } from '../tiers/service';

/**
 * A profile's Plans tab: the owner's tiers (unpublished ones only for those who may see them), each
 * with what it includes (one query for the list) and saying whether it can be bought now (`payable`: a paid plan of a facilitator who cannot take
 * payments yet cannot).
 */
export async function plansOf(ctx: AppContext, owner: User, isOwner: boolean): Promise<TierAnswer[]> {
  const plans = await listPlansOf(ctx, owner.id, isOwner);
  const paid = canTakePayments(ctx, owner);
  return plans.map(({ tier, includes, prices }) => ({
    ...presentProfileTier(tier, isOwner, prices),
    includes,
    payable: tier.priceCents === 0 || paid,
  }));
}
