import type { OfferTerms } from '../../../common/offers/terms';
import type { Offer } from '../../db/schema';

/** An offer row's terms (test mode reads the offer its checkout names, as Stripe reads its coupon). */
export const offerTerms = (offer: Offer): OfferTerms =>
  offer.kind === 'trial'
    ? { kind: 'trial', trialDays: offer.trialDays ?? 0 }
    : {
        kind: offer.kind,
        percentOff: offer.percentOff,
        amountOffCents: offer.amountOffCents,
        duration: offer.duration ?? 'once',
        durationMonths: offer.durationMonths,
      };
