import { describe, expect, it } from 'vitest';
import type { SubscriptionAnswer } from '@common/payments/schemas';
import { subscriptionStatusText } from './subscription-status';

const sub = (overrides: Partial<SubscriptionAnswer>): SubscriptionAnswer => ({
  _id: 's1',
  tier: { _id: 't1', name: 'Deep Practice', type: 'subscription', interval: 'month', allowDirectMessaging: false, thumbnail: null },
  facilitator: { _id: 'f1', name: 'Maya' },
  startDate: '2026-11-01',
  endDate: null,
  cancelled: false,
  price: 12,
  isPaid: true,
  isActive: true,
  cancelAtPeriodEnd: false,
  renewsAt: '2026-12-01T12:00:00.000Z',
  stripeDetails: { status: 'active' },
  ...overrides,
});

describe('subscriptionStatusText', () => {
  it('asks a past-due member, who keeps access, to update their card', () => {
    expect(subscriptionStatusText(sub({ stripeDetails: { status: 'past_due' } }))).toBe('Payment past due · update your card in Manage Subscription');
  });

  it('says when a free trial turns into the first payment', () => {
    expect(subscriptionStatusText(sub({ stripeDetails: { status: 'trialing' } }))).toBe('Free trial · first payment 12/01/2026');
  });

  it('names an unpaid subscription, which has lost access', () => {
    expect(subscriptionStatusText(sub({ isActive: false, stripeDetails: { status: 'unpaid' } }))).toBe('Payment failed');
  });
});
