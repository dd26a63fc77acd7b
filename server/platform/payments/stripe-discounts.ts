import type Stripe from 'stripe';
import { couponDiscountCents } from '../../../common/offers/terms';
import type { ProviderSubscription } from './provider';

/** How `subscriptions.retrieve` must expand a subscription's discounts for `ongoingDiscount` to read their coupons. */
export const EXPAND_DISCOUNT_COUPONS = ['discounts.source.coupon'];

/**
 * What a subscription's discounts take off each bill from now on: coupons for good, and coupons
 * for some months whose end is still ahead (Stripe's `end`); a 'once' coupon discounts the first
 * invoice only and recurs nothing. Several add up (never past the price) and stop at the first end.
 */
export function ongoingDiscount(
  discounts: ReadonlyArray<string | Stripe.Discount>,
  amountCents: number,
  nowSeconds: number,
): ProviderSubscription['discount'] {
  let centsOff = 0;
  let endsAt: number | null = null;
  for (const discount of discounts) {
    if (typeof discount === 'string') continue;
    const coupon = discount.source.coupon;
    if (!coupon || typeof coupon === 'string' || coupon.duration === 'once') continue;
    if (discount.end !== null && discount.end <= nowSeconds) continue;
    centsOff += couponDiscountCents(coupon.percent_off, coupon.amount_off, amountCents);
    if (discount.end !== null) endsAt = endsAt === null ? discount.end : Math.min(endsAt, discount.end);
  }
  return centsOff > 0 ? { centsOff: Math.min(centsOff, amountCents), endsAt } : null;
}
