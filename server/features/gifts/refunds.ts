import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { gifts } from '../../db/schema';

/**
 * A gift's payment refunded in full revokes the gift if nobody claimed it yet (its link stops
 * working). A claimed gift keeps its access to its end: the recipient did nothing wrong, and the
 * refund is between the buyer and the facilitator. Answers whether a gift was revoked.
 */
export async function revokeRefundedGift(db: Executor, paymentRef: string) {
  const revoked = await db
    .update(gifts)
    .set({ revokedAt: new Date() })
    .where(and(eq(gifts.paymentRef, paymentRef), isNull(gifts.claimedAt), isNull(gifts.revokedAt)))
    .returning({ id: gifts.id });
  return revoked.length > 0;
}
