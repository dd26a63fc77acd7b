import type { Tier, User } from '../../db/schema';
import { forbidden, notFound } from '../../platform/errors';

/**
 * Who may see money (issue 14: the facilitator's money tools). Deny by default: a facilitator
 * sees their own figures, members and payouts; anyone else is refused (403), and another
 * facilitator's tier is not there at all (404), so its existence does not leak.
 */
export function authorizeMoney(user: User): void {
  if (!user.isFacilitator) throw forbidden('Only facilitators have earnings');
}

/** A tier the caller asked about by id: theirs, or 404. */
export function authorizeTierMoney(user: User, tier: Pick<Tier, 'userId'> | undefined): asserts tier {
  authorizeMoney(user);
  if (!tier || tier.userId !== user.id) throw notFound('Plan not found');
}
