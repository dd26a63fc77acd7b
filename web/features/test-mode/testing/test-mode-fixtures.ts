import { vi } from 'vitest';
import type { SubscriptionAnswer, TestCheckoutAnswer } from '@common/payments/schemas';

export const ORIGIN = 'http://localhost:3000';
export const TIER_ID = '7d3c5a2e-1b4f-4c8a-9e6d-0a1b2c3d4e5f';
export const SESSION_ID = 'cs_test_0123456789abcdef01234567';
export const SUB_ID = '5a5a5a5a-1111-4222-8333-444455556666';

export { routeFetch, sentTo } from '@web/testing/route-fetch';

/** Full page loads are what these pages do to leave: record them instead of leaving. */
export function stubPageLoads() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, origin: ORIGIN, assign });
  return assign;
}

export function buildCheckout(overrides: Partial<TestCheckoutAnswer> = {}): TestCheckoutAnswer {
  return {
    id: SESSION_ID,
    status: 'open',
    mode: 'subscription',
    description: 'Morning Circle',
    facilitator: 'Ada Lovelace',
    amount: 1200,
    interval: 'month',
    kind: 'subscription',
    trialDays: 0,
    successUrl: `${ORIGIN}/subscription/${TIER_ID}/success?session_id=${SESSION_ID}`,
    cancelUrl: `${ORIGIN}/subscription/${TIER_ID}/cancelled`,
    ...overrides,
  };
}

export function buildSubscription(overrides: Partial<SubscriptionAnswer> = {}): SubscriptionAnswer {
  return {
    _id: SUB_ID,
    tier: {
      _id: TIER_ID,
      name: 'Morning Circle',
      type: 'subscription',
      interval: 'month',
      allowDirectMessaging: false,
      thumbnail: null,
    },
    facilitator: { _id: '9b9b9b9b-1111-4222-8333-444455556666', name: 'Ada Lovelace' },
    startDate: '2025-03-01T09:00:00.000Z',
    endDate: null,
    cancelled: false,
    price: 12,
    isPaid: true,
    isActive: true,
    cancelAtPeriodEnd: false,
    renewsAt: null,
    stripeDetails: { status: 'active' },
    ...overrides,
  };
}
