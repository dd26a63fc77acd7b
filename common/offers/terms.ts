import { formatUsd } from '../money';
import type { BillingInterval } from '../tiers/intervals';

/** What an offer gives, as both the checkout and the plan card read it. */
export type OfferTerms =
  | {
      kind: 'percent' | 'amount';
      percentOff: number | null;
      amountOffCents: number | null;
      duration: 'once' | 'repeating' | 'forever';
      durationMonths: number | null;
    }
  | { kind: 'trial'; trialDays: number };

/**
 * The cents an offer takes off one payment of `amountCents`: a percent rounded to the cent, or a
 * fixed amount never more than the payment (Stripe's own arithmetic for a coupon).
 */
export function discountOf(terms: OfferTerms, amountCents: number) {
  if (terms.kind === 'trial') return 0;
  if (terms.kind === 'percent') return couponDiscountCents(terms.percentOff ?? 0, null, amountCents);
  return couponDiscountCents(null, terms.amountOffCents, amountCents);
}

/**
 * The cents a coupon takes off one payment of `amountCents`: its percent rounded to the cent when
 * it has one, else its fixed amount never more than the payment (Stripe's own arithmetic).
 */
export const couponDiscountCents = (percentOff: number | null, amountOffCents: number | null, amountCents: number) =>
  percentOff !== null ? Math.round((amountCents * percentOff) / 100) : Math.min(amountOffCents ?? 0, amountCents);

/**
 * The free days a checkout gives: a trial offer's own days; none with a discount offer (one or
 * the other, never both, so a first-payment discount is never spent on a free trial's $0 bill);
 * the plan's trial without an offer.
 */
export const trialDaysWith = (terms: OfferTerms | undefined, planTrialDays: number) =>
  terms ? (terms.kind === 'trial' ? terms.trialDays : 0) : planTrialDays;

const MONTHS_PER: Record<BillingInterval, number> = { week: 12 / 52, month: 1, year: 12 };

/**
 * How many payments a discount covers: the first only ('once'); every payment ('forever', null);
 * or the payments that start within its months ('repeating': a monthly plan for 3 months has 3
 * discounted payments, a yearly one 1, a weekly one 13), as Stripe applies a coupon's months.
 */
export function discountedPayments(terms: OfferTerms, interval: BillingInterval, recurring: boolean): number | null {
  if (terms.kind === 'trial') return 0;
  if (!recurring || terms.duration === 'once') return 1;
  if (terms.duration === 'forever') return null;
  return Math.max(1, Math.ceil((terms.durationMonths ?? 1) / MONTHS_PER[interval] - 1e-9));
}

const usd = (cents: number) => formatUsd(cents / 100);
const PER: Record<BillingInterval, string> = { week: 'week', month: 'month', year: 'year' };

/**
 * The price a member pays with the offer, in words: '$8 first month, then $12/month',
 * '$100 → $70 / year forever', '$9/month for 3 months, then $12/month', '30 days free, then $12/month'.
 */
export function describeOfferPrice(
  terms: OfferTerms,
  price: { amountCents: number; interval: BillingInterval; recurring: boolean },
) {
  const full = usd(price.amountCents);
  const per = PER[price.interval];
  if (terms.kind === 'trial') return `${terms.trialDays} days free, then ${full}/${per}`;
  const now = usd(price.amountCents - discountOf(terms, price.amountCents));
  if (!price.recurring) return `${full} → ${now}`;
  if (terms.duration === 'forever') return `${full} → ${now} / ${per} forever`;
  if (terms.duration === 'once') return `${now} first ${per}, then ${full}/${per}`;
  const months = terms.durationMonths ?? 1;
  return `${now}/${per} for ${months} month${months === 1 ? '' : 's'}, then ${full}/${per}`;
}

/** What the offer takes off, in a few words ('30% off', '$5 off', '14 days free'). */
export function describeOfferDiscount(terms: OfferTerms) {
  if (terms.kind === 'trial') return `${terms.trialDays} days free`;
  const off = terms.kind === 'percent' ? `${terms.percentOff}% off` : `${usd(terms.amountOffCents ?? 0)} off`;
  if (terms.duration === 'once') return `${off} the first payment`;
  if (terms.duration === 'forever') return `${off} forever`;
  const months = terms.durationMonths ?? 1;
  return `${off} for ${months} month${months === 1 ? '' : 's'}`;
}

/** An offer's terms as they travel (every field present, null where it does not apply). */
export type OfferTermsAnswer = {
  kind: 'percent' | 'amount' | 'trial';
  percentOff: number | null;
  amountOffCents: number | null;
  duration: 'once' | 'repeating' | 'forever' | null;
  durationMonths: number | null;
  trialDays: number | null;
};

export const termsOfAnswer = (t: OfferTermsAnswer): OfferTerms =>
  t.kind === 'trial'
    ? { kind: 'trial', trialDays: t.trialDays ?? 0 }
    : {
        kind: t.kind,
        percentOff: t.percentOff,
        amountOffCents: t.amountOffCents,
        duration: t.duration ?? 'once',
        durationMonths: t.durationMonths,
      };
