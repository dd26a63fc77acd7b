import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { gifts, tiers, users } from '../../db/schema';

const facilitator = alias(users, 'facilitator');
const buyer = alias(users, 'buyer');

/** A gift with its tier, the tier's facilitator and its buyer. */
const withParties = (db: Executor) =>
  db
    .select({
      gift: gifts,
      tier: tiers,
      facilitator: { id: facilitator.id, name: facilitator.name },
      buyer: { id: buyer.id, name: buyer.name, email: buyer.email },
    })
    .from(gifts)
    .innerJoin(tiers, eq(tiers.id, gifts.tierId))
    .innerJoin(facilitator, eq(facilitator.id, tiers.userId))
    .innerJoin(buyer, eq(buyer.id, gifts.buyerId));

export type GiftRow = Awaited<ReturnType<ReturnType<typeof withParties>['limit']>>[number];

export const findGift = async (db: Executor, id: string) => (await withParties(db).where(eq(gifts.id, id)).limit(1))[0];

export const findGiftByTokenHash = async (db: Executor, tokenHash: string) =>
  (await withParties(db).where(eq(gifts.tokenHash, tokenHash)).limit(1))[0];

/** The gifts a member bought, newest first (at most 200: a buyer's own list, not a ledger). */
export const giftsBoughtBy = (db: Executor, buyerId: string) =>
  withParties(db).where(eq(gifts.buyerId, buyerId)).orderBy(desc(gifts.createdAt)).limit(200);
