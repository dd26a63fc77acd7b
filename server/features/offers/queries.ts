import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { offers, revenueEntries } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { offerStatus } from './presenter';
import { releaseLapsed } from './redemptions';

/**
 * A facilitator's offer by code, whatever its case. One that looks used up first gives back the
 * reservations of checkouts that can no longer be paid, so an abandoned checkout never keeps a
 * visitor from an offer that has places left.
 */
export async function offerByCode(ctx: AppContext, facilitatorId: string, code: string) {
  const find = async (db: Executor) =>
    (
      await db
        .select()
        .from(offers)
        .where(and(eq(offers.facilitatorId, facilitatorId), sql`lower(${offers.code}) = lower(${code})`))
        .limit(1)
    )[0];
  const offer = await find(ctx.db);
  if (!offer || offerStatus(offer) !== 'used_up') return offer;
  return ctx.db.transaction(async (tx) => {
    await releaseLapsed(tx, offer.id);
    return find(tx);
  });
}

/** Net revenue (refunds included) and the discount given, per offer. */
export async function moneyOf(db: Executor, ids: string[]) {
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            offerId: revenueEntries.offerId,
            revenueCents: sql<number>`coalesce(sum(${revenueEntries.amountCents}), 0)::int`,
            discountCents: sql<number>`coalesce(sum(${revenueEntries.discountCents}), 0)::int`,
          })
          .from(revenueEntries)
          .where(inArray(revenueEntries.offerId, ids))
          .groupBy(revenueEntries.offerId);
  return new Map(
    rows.map((r) => [r.offerId!, { revenueCents: Number(r.revenueCents), discountCents: Number(r.discountCents) }]),
  );
}
