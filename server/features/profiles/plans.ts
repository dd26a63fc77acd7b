import type { TierAnswer } from '../../../common/tiers/schemas';
import type { User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { canTakePayments } from '../payments/checkouts';
import { presentProfileTier } from './presenter';
import { listTiersOf } from '../tiers/service';

/**
 * A profile's Plans tab: the owner's tiers (unpublished ones only for those who may see them), each
 * saying whether it can be bought now (`payable`: a paid plan of a facilitator who cannot take
 * payments yet cannot).
 */
export async function plansOf(ctx: AppContext, owner: User, isOwner: boolean): Promise<TierAnswer[]> {
  const all = await listTiersOf(ctx, owner.id, isOwner);
  const paid = canTakePayments(ctx, owner);
  return all.map((t) => ({ ...presentProfileTier(t, isOwner), payable: t.priceCents === 0 || paid }));
}
