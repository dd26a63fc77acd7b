import { describe, expect, it } from 'vitest';
import {
  monthlyEquivalentCents,
  priceParts,
  priceText,
  priceWithInterval,
  trialText,
  trialThenText,
} from './intervals';

describe('a price with its billing interval', () => {
  it("says the interval after the amount: '$12 / month', '$9.50 / week', '$1,200 / year'", () => {
    expect(priceWithInterval(12, 'month')).toBe('$12 / month');
    expect(priceWithInterval(9.5, 'week')).toBe('$9.50 / week');
    expect(priceWithInterval(1200, 'year')).toBe('$1,200 / year');
  });

  it("prices a tier 'Free' at 0, a subscription per interval and a course once", () => {
    expect(priceText({ price: 0, type: 'subscription', interval: 'year' })).toBe('Free');
    expect(priceText({ price: 120, type: 'subscription', interval: 'year' })).toBe('$120 / year');
    expect(priceText({ price: 5, type: 'subscription', interval: 'week' })).toBe('$5 / week');
    expect(priceText({ price: 40, type: 'single', interval: 'month' })).toBe('$40');
    expect(priceText({ price: 0, type: 'single', interval: 'month' })).toBe('Free');
    expect(priceParts({ price: 12, type: 'subscription', interval: 'month' })).toEqual({
      amount: '$12',
      per: '/ month',
    });
  });

  it('offers a trial only on a paid subscription with trial days', () => {
    expect(trialText({ price: 12, type: 'subscription', trialDays: 7 })).toBe('7-day free trial');
    expect(trialText({ price: 12, type: 'subscription', trialDays: 0 })).toBeNull();
    expect(trialText({ price: 0, type: 'subscription', trialDays: 7 })).toBeNull();
    expect(trialText({ price: 40, type: 'single', trialDays: 7 })).toBeNull();
  });

  it("says what a trial turns into: 'N days free, then $X / interval'", () => {
    const monthly = { price: 12, type: 'subscription' as const, interval: 'month' as const };
    expect(trialThenText({ ...monthly, trialDays: 7 })).toBe('7 days free, then $12 / month');
    expect(trialThenText({ ...monthly, trialDays: 1 })).toBe('1 day free, then $12 / month');
    expect(trialThenText({ ...monthly, trialDays: 0 })).toBeNull();
    expect(trialThenText({ ...monthly, price: 0, trialDays: 7 })).toBeNull();
  });

  it('counts a yearly plan as a twelfth a month and a weekly one as 52 / 12 weeks', () => {
    expect(monthlyEquivalentCents(12_000, 'year')).toBe(1000);
    expect(monthlyEquivalentCents(1200, 'month')).toBe(1200);
    expect(monthlyEquivalentCents(1200, 'week')).toBe(5200);
  });
});
