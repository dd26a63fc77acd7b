import { vi } from 'vitest';
import type { SubscriptionAnswer, TestCheckoutAnswer } from '@common/payments/schemas';

export const ORIGIN = 'http://localhost:3000';
export const TIER_ID = '7d3c5a2e-1b4f-4c8a-9e6d-0a1b2c3d4e5f';
export const SESSION_ID = 'cs_test_0123456789abcdef01234567';
export const SUB_ID = '5a5a5a5a-1111-4222-8333-444455556666';

type Answer = { status: number; body?: unknown };

/** Replaces global fetch: 'GET path' / 'POST path' -> an answer (or a function of the body); otherwise 404. */
export function routeFetch(routes: Record<string, Answer | ((body: unknown) => Answer)>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(url).replace(/^\/api\//, '')}`;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const route = routes[key];
    const answer = typeof route === 'function' ? route(body) : (route ?? { status: 404, body: { error: 'Not found' } });
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The bodies sent to `METHOD path`, in order. */
export const sentTo = (fetchMock: ReturnType<typeof routeFetch>, key: string): unknown[] =>
  fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url).replace(/^\/api\//, '')}` === key)
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

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
    successUrl: `${ORIGIN}/subscription/${TIER_ID}/success?session_id=${SESSION_ID}`,
    cancelUrl: `${ORIGIN}/subscription/${TIER_ID}/cancelled`,
    ...overrides,
  };
}

export function buildSubscription(overrides: Partial<SubscriptionAnswer> = {}): SubscriptionAnswer {
  return {
    _id: SUB_ID,
    tier: { _id: TIER_ID, name: 'Morning Circle', type: 'subscription', allowDirectMessaging: false, thumbnail: null },
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
