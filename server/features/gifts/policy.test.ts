import { describe, expect, it } from 'vitest';
import { canBuyGift, canClaimGift, canManageGift, isChangeable, isGiftable } from './policy';

type Actor = { id: string } | null;
const FACILITATOR = 'facilitator';
const BUYER = 'buyer';
const tier = { userId: FACILITATOR };
const gift = { buyerId: BUYER };
const ROLES: Record<string, Actor> = {
  visitor: null,
  buyer: { id: BUYER },
  recipient: { id: 'recipient' },
  planFacilitator: { id: FACILITATOR },
  otherMember: { id: 'other' },
};

describe('who may do what with a gift', () => {
  it('reads as the table', () => {
    const table = Object.fromEntries(
      Object.entries(ROLES).map(([name, user]) => [
        name,
        { buy: canBuyGift(user, tier), manage: canManageGift(user, gift), claim: canClaimGift(user, gift, tier) },
      ]),
    );
    expect(table).toEqual({
      visitor: { buy: false, manage: false, claim: false },
      buyer: { buy: true, manage: true, claim: false },
      recipient: { buy: true, manage: false, claim: true },
      planFacilitator: { buy: false, manage: false, claim: false },
      otherMember: { buy: true, manage: false, claim: true },
    });
  });

  it('gives only published paid subscription plans, and changes a gift only while it waits for its claim', () => {
    const plan = { published: true, type: 'subscription' as const, priceCents: 1200 };
    expect(isGiftable(plan)).toBe(true);
    expect(isGiftable({ ...plan, published: false })).toBe(false);
    expect(isGiftable({ ...plan, type: 'single' })).toBe(false);
    expect(isGiftable({ ...plan, priceCents: 0 })).toBe(false);
    const paid = { paidAt: new Date(), claimedAt: null, revokedAt: null };
    expect(isChangeable(paid)).toBe(true);
    expect(isChangeable({ ...paid, paidAt: null })).toBe(false);
    expect(isChangeable({ ...paid, claimedAt: new Date() })).toBe(false);
    expect(isChangeable({ ...paid, revokedAt: new Date() })).toBe(false);
  });
});
