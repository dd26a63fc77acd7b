import type { FastifyRequest } from 'fastify';
import type { revenueEntries, Tier, User } from '../../db/schema';
import { authorize } from '../../platform/authorize';
import { forbidden } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import type { Actor } from '../tiers/policy';

/**
 * Who may see and move money (the facilitator's money tools). Pure and deny-by-default:
 * a facilitator sees their own figures, members and payouts and links their bank account; anyone
 * else is refused (403, admins too: an admin's money tools are admin/money-*), and another
 * facilitator's tier is not there at all (404), so its existence does not leak.
 */
export const canUseMoneyTools = (user: Actor): boolean => user?.isFacilitator === true;

/** A tier's money the caller asked about by id: their own tier. */
export const canSeeTierMoney = (user: Actor, tier: Pick<Tier, 'userId'> | undefined): tier is Pick<Tier, 'userId'> =>
  canUseMoneyTools(user) && tier !== undefined && tier.userId === user!.id;

/** The route guard of the money tools: a signed-in facilitator (401, 403). */
export function requireFacilitator(req: FastifyRequest): User {
  const user = requireUser(req);
  authorize(canUseMoneyTools(user), () => forbidden('earnings_facilitators_only'));
  return user;
}

// What an admin may refund: a payment with a provider reference, no open dispute and money left
// to give back. Pure, so the list can tell the client (canRefund) and the refund command refuses
// the same cases.

type RevenueEntry = typeof revenueEntries.$inferSelect;

export type RefundRefusal = 'not_a_payment' | 'no_payment_ref' | 'payment_disputed' | 'already_refunded';

/**
 * What is left to refund of an entry, given the cents already gone back (refunds and lost
 * disputes, stored as negative entries with its payment_ref), and why a refund is refused if it is.
 */
export function refundAbilities(
  entry: Pick<RevenueEntry, 'kind' | 'amountCents' | 'paymentRef' | 'disputeStatus'>,
  returnedCents: number,
) {
  const leftCents = entry.kind === 'payment' ? Math.max(0, entry.amountCents - returnedCents) : 0;
  const refusal: RefundRefusal | null =
    entry.kind !== 'payment'
      ? 'not_a_payment'
      : !entry.paymentRef
        ? 'no_payment_ref'
        : entry.disputeStatus === 'open'
          ? 'payment_disputed'
          : leftCents <= 0
            ? 'already_refunded'
            : null;
  return { leftCents, refusal };
}
