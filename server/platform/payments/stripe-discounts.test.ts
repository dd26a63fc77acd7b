import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { ongoingDiscount } from './stripe-discounts';

const NOW = 1_800_000_000;

/** A subscription's Discount with its coupon expanded, in the pinned API version's shape. */
function discount(coupon: Partial<Stripe.Coupon>, end: number | null = null): Stripe.Discount {
  return {
    id: `di_${Math.random().toString(36).slice(2)}`,
    object: 'discount',
    checkout_session: null,
    customer: null,
    end,
    invoice: null,
    invoice_item: null,
    promotion_code: null,
    source: { type: 'coupon', coupon: { percent_off: null, amount_off: null, ...coupon } as Stripe.Coupon },
    start: NOW - 100,
    subscription: 'sub_1',
    subscription_item: null,
  } as Stripe.Discount;
}

describe("a Stripe subscription's discount off every bill", () => {
  it('takes a percent or an amount off the price, for good or until its end', () => {
    expect(ongoingDiscount([discount({ duration: 'forever', percent_off: 20 })], 10000, NOW)).toEqual({
      centsOff: 2000,
      endsAt: null,
    });
    expect(ongoingDiscount([discount({ duration: 'repeating', amount_off: 300 }, NOW + 86400)], 1200, NOW)).toEqual({
      centsOff: 300,
      endsAt: NOW + 86400,
    });
  });

  it('leaves out a first-payment coupon, an ended one and a coupon not expanded', () => {
    expect(ongoingDiscount([discount({ duration: 'once', percent_off: 50 })], 1200, NOW)).toBeNull();
    expect(ongoingDiscount([discount({ duration: 'repeating', percent_off: 50 }, NOW - 1)], 1200, NOW)).toBeNull();
    expect(ongoingDiscount(['di_not_expanded'], 1200, NOW)).toBeNull();
  });

  it('adds several up, never past the price, and stops at the first end', () => {
    const both = [
      discount({ duration: 'forever', amount_off: 1000 }),
      discount({ duration: 'repeating', amount_off: 500 }, NOW + 3600),
    ];
    expect(ongoingDiscount(both, 1200, NOW)).toEqual({ centsOff: 1200, endsAt: NOW + 3600 });
  });
});
