import type { BoughtGiftAnswer, GiftState, GiftViewAnswer } from '../../../common/gifts/schemas';
import type { Gift } from '../../db/schema';
import { isChangeable } from './policy';
import type { GiftRow } from './queries';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function giftState(g: Gift, now = new Date()): GiftState {
  if (g.revokedAt) return 'refunded';
  if (!g.paidAt) return 'unpaid';
  if (g.claimedAt) return g.endsAt && g.endsAt <= now ? 'ended' : 'claimed';
  return g.deliveredAt ? 'sent' : 'scheduled';
}

/** One gift as its buyer sees it. */
export function presentBoughtGift({ gift: g, tier, facilitator }: GiftRow): BoughtGiftAnswer {
  const changeable = isChangeable(g);
  return {
    _id: g.id,
    tier: { _id: tier.id, name: tier.name },
    facilitator: { _id: facilitator.id, name: facilitator.name },
    recipientEmail: g.recipientEmail,
    message: g.message,
    months: g.months,
    amount: g.amountCents / 100,
    deliverOn: g.deliverOn,
    state: giftState(g),
    deliveredAt: iso(g.deliveredAt),
    claimedAt: iso(g.claimedAt),
    endsAt: iso(g.endsAt),
    createdAt: g.createdAt.toISOString(),
    canResend: changeable && g.deliveredAt !== null,
    canChangeRecipient: changeable,
  };
}

/** The claim page's view of a gift: no addresses, no amounts. */
export function presentGiftView({ gift: g, tier, facilitator, buyer }: GiftRow): GiftViewAnswer {
  return {
    tier: { _id: tier.id, name: tier.name, description: tier.description },
    facilitator: { _id: facilitator.id, name: facilitator.name },
    from: buyer.name,
    message: g.message,
    months: g.months,
    state: g.revokedAt ? 'refunded' : g.claimedAt ? 'claimed' : 'claimable',
  };
}
