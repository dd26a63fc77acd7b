import { describe, expect, it } from 'vitest';
import { giftEndsAt, giftPriceCents } from './price';

describe('a gift price', () => {
  it('is the months times the monthly equivalent, in cents', () => {
    expect(giftPriceCents({ priceCents: 1200, interval: 'month' }, 3)).toBe(3600);
    // a yearly $120 plan: $10 a month
    expect(giftPriceCents({ priceCents: 12000, interval: 'year' }, 6)).toBe(6000);
    // a weekly $5 plan: 52/12 weeks a month, $21.67 rounded once per month
    expect(giftPriceCents({ priceCents: 500, interval: 'week' }, 12)).toBe(12 * 2167);
  });
});

describe('a gift end', () => {
  it('is the claim moment plus calendar months, on the last day of a shorter month', () => {
    expect(giftEndsAt(new Date('2026-01-15T10:00:00Z'), 1).toISOString()).toBe('2026-02-15T10:00:00.000Z');
    expect(giftEndsAt(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(giftEndsAt(new Date('2026-11-30T10:00:00Z'), 3).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(giftEndsAt(new Date('2026-12-07T10:00:00Z'), 12).toISOString()).toBe('2027-12-07T10:00:00.000Z');
  });
});
