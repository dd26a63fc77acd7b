import { describe, expect, it } from 'vitest';
import type { SubscriptionAnswer } from '@common/payments/schemas';
import { subscriptionDiscountText, subscriptionPriceText, subscriptionStatusText } from './subscription-status';
import { buildSubscription, buildTier, PAID_TIER_ID } from './testing/fake-subscriptions-server';

const paidTier = buildTier({ _id: PAID_TIER_ID, price: 12 });
const sub = (overrides: Partial<SubscriptionAnswer>) =>
  buildSubscription(paidTier, { renewsAt: '2026-12-01T12:00:00.000Z', ...overrides });

describe('subscriptionStatusText', () => {
  it('asks a past-due member, who keeps access, to update their card', () => {
    expect(subscriptionStatusText(sub({ stripeDetails: { status: 'past_due' } }))).toBe(
      'Payment past due · update your card in Manage Subscription',
    );
  });

  it('says when a free trial turns into the first payment', () => {
    expect(subscriptionStatusText(sub({ stripeDetails: { status: 'trialing' } }))).toBe(
      'Free trial · first payment 12/01/2026',
    );
  });

  it('shows complimentary access with its end date, or for good', () => {
    expect(
      subscriptionStatusText(sub({ isComplimentary: true, isPaid: false, endDate: '2026-12-24T12:00:00.000Z' })),
    ).toBe('Complimentary until 12/24/2026');
    expect(subscriptionStatusText(sub({ isComplimentary: true, isPaid: false, endDate: null }))).toBe('Complimentary');
  });

  it('names an unpaid subscription, which has lost access', () => {
    expect(subscriptionStatusText(sub({ isActive: false, stripeDetails: { status: 'unpaid' } }))).toBe(
      'Payment failed',
    );
  });
});

describe('subscriptionPriceText', () => {
  it("says 'No charge' for complimentary access and a gift, not 'Free' as for a free plan", () => {
    expect(subscriptionPriceText(sub({ price: 0, isComplimentary: true, isPaid: false }))).toBe('No charge');
    expect(subscriptionPriceText(sub({ price: 0, isGift: true, isPaid: false }))).toBe('No charge');
    expect(subscriptionPriceText(sub({ price: 12 }))).toBe('$12 / month');
  });
});

describe('subscriptionDiscountText', () => {
  it('says what an offer still takes off each payment, until when or for good, and nothing without one', () => {
    expect(subscriptionDiscountText(sub({ discount: { amountOff: 2.4, until: '2027-02-01T12:00:00.000Z' } }))).toBe(
      '$2.40 off each payment until 02/01/2027',
    );
    expect(subscriptionDiscountText(sub({ discount: { amountOff: 20, until: null } }))).toBe(
      '$20 off each payment for good',
    );
    expect(subscriptionDiscountText(sub({}))).toBeNull();
  });
});
