import { type OfferTerms, termsOfAnswer } from '../../../common/offers/terms';
import type { Offer } from '../../db/schema';

/** An offer row's terms (test mode reads the offer its checkout names, as Stripe reads its coupon). */
export const offerTerms = (offer: Offer): OfferTerms => termsOfAnswer(offer);
