import type { OfferAnswer, OfferStatus } from '../../../common/offers/schemas';
import type { Offer } from '../../db/schema';

/** Where an offer stands now: archived, past its end, fully redeemed, or active. */
export function offerStatus(offer: Offer, now = new Date()): OfferStatus {
  if (offer.archivedAt) return 'archived';
  if (offer.endsAt && offer.endsAt <= now) return 'ended';
  if (offer.redemptionLimit !== null && offer.used >= offer.redemptionLimit) return 'used_up';
  return 'active';
}

export const presentTerms = (offer: Offer) => ({
  kind: offer.kind,
  percentOff: offer.percentOff,
  amountOffCents: offer.amountOffCents,
  duration: offer.duration,
  durationMonths: offer.durationMonths,
  trialDays: offer.trialDays,
});

/** The shareable link: the facilitator's profile with the code, which carries it through sign-up. */
export const offerLink = (offer: Pick<Offer, 'facilitatorId' | 'code'>) =>
  `/profile/${offer.facilitatorId}?offer=${encodeURIComponent(offer.code)}`;

export function presentOffer(
  offer: Offer,
  money: { revenueCents: number; discountCents: number } = { revenueCents: 0, discountCents: 0 },
): OfferAnswer {
  return {
    _id: offer.id,
    tierId: offer.tierId,
    code: offer.code,
    ...presentTerms(offer),
    endsAt: offer.endsAt?.toISOString() ?? null,
    redemptionLimit: offer.redemptionLimit,
    redemptions: offer.redeemed,
    reserved: offer.used - offer.redeemed,
    revenueCents: money.revenueCents,
    discountCents: money.discountCents,
    status: offerStatus(offer),
    archivedAt: offer.archivedAt?.toISOString() ?? null,
    createdAt: offer.createdAt.toISOString(),
    link: offerLink(offer),
  };
}
