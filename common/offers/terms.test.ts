import { describe, expect, it } from 'vitest';
import { describeOfferDiscount, describeOfferPrice, discountedPayments, discountOf, type OfferTerms } from './terms';

const percent = (percentOff: number, duration: 'once' | 'repeating' | 'forever', months: number | null = null) =>
  ({ kind: 'percent', percentOff, amountOffCents: null, duration, durationMonths: months }) as OfferTerms;
const amount = (cents: number, duration: 'once' | 'repeating' | 'forever') =>
  ({ kind: 'amount', percentOff: null, amountOffCents: cents, duration, durationMonths: null }) as OfferTerms;

describe('an offer’s arithmetic (the same for Stripe’s coupons and test mode)', () => {
  it('rounds a percent to the cent and never takes more than the payment', () => {
    expect(discountOf(percent(33, 'once'), 1000)).toBe(330);
    expect(discountOf(percent(15, 'once'), 999)).toBe(150);
    expect(discountOf(amount(500, 'once'), 300)).toBe(300);
    expect(discountOf({ kind: 'trial', trialDays: 30 }, 1200)).toBe(0);
  });

  it('counts the discounted payments of N months on each interval, as Stripe applies a coupon’s months', () => {
    expect(discountedPayments(percent(10, 'repeating', 3), 'month', true)).toBe(3);
    expect(discountedPayments(percent(10, 'repeating', 3), 'year', true)).toBe(1);
    expect(discountedPayments(percent(10, 'repeating', 13), 'year', true)).toBe(2);
    expect(discountedPayments(percent(10, 'repeating', 3), 'week', true)).toBe(13);
    expect(discountedPayments(percent(10, 'once'), 'month', true)).toBe(1);
    expect(discountedPayments(percent(10, 'forever'), 'month', true)).toBeNull();
    expect(discountedPayments(percent(10, 'forever'), 'month', false)).toBe(1);
  });

  it('says the price with the offer in words', () => {
    const monthly = { amountCents: 1200, interval: 'month' as const, recurring: true };
    expect(describeOfferPrice(amount(400, 'once'), monthly)).toBe('$8 first month, then $12/month');
    expect(describeOfferPrice(percent(30, 'forever'), { ...monthly, amountCents: 10000, interval: 'year' })).toBe(
      '$100 → $70 / year forever',
    );
    expect(describeOfferPrice(percent(25, 'repeating', 3), monthly)).toBe('$9/month for 3 months, then $12/month');
    expect(describeOfferPrice({ kind: 'trial', trialDays: 30 }, monthly)).toBe('30 days free, then $12/month');
    expect(describeOfferPrice(amount(1500, 'once'), { ...monthly, amountCents: 5000, recurring: false })).toBe(
      '$50 → $35',
    );
    expect(describeOfferDiscount(percent(25, 'repeating', 1))).toBe('25% off for 1 month');
  });
});
