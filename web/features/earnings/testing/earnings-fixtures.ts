import { vi } from 'vitest';
import type { FacilitatorDashboardAnswer, RevenueAnswer } from '@common/payments/schemas';

export const MORNING_ID = '7d3c5a2e-1b4f-4c8a-9e6d-0a1b2c3d4e5f';
export const COURSE_ID = '0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f';

type Answer = { status: number; body?: unknown };

/** Replaces global fetch: '/api/{path}' (query included) -> an answer; anything else answers 404. */
export function routeFetch(routes: Record<string, Answer | (() => Answer)>) {
  const fetchMock = vi.fn(async (url: string) => {
    const route = routes[String(url).replace(/^\/api\//, '')];
    const answer = typeof route === 'function' ? route() : (route ?? { status: 404, body: { error: 'Not found' } });
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The paths fetched, in order ('app/facilitator/revenue?period=year', …). */
export const fetchedPaths = (fetchMock: ReturnType<typeof routeFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url).replace(/^\/api\//, ''));

const localNoon = (daysAgo: number) => {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() - daysAgo);
  return d;
};
const dayKey = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** A revenue answer for `period` with the given cents per tier, on the window's last day (year: its first-of-month). */
export function buildRevenue(period: RevenueAnswer['period'], amounts: { tierId: string; tier: string; amount: number }[]): RevenueAnswer {
  const to = localNoon(0);
  const from = localNoon(period === 'week' ? 7 : period === 'month' ? 30 : 365);
  const date = period === 'year' ? `${dayKey(to).slice(0, 8)}01` : dayKey(to);
  return {
    period,
    from: from.toISOString(),
    to: to.toISOString(),
    buckets: amounts.map((a) => ({ ...a, date })),
    tiers: [...new Map(amounts.map((a) => [a.tierId, { _id: a.tierId, name: a.tier }])).values()],
  };
}

export function buildDashboard(overrides: Partial<FacilitatorDashboardAnswer> = {}): FacilitatorDashboardAnswer {
  return {
    tiers: [
      { _id: MORNING_ID, name: 'Morning Circle', type: 'subscription', activeSubscribers: 12, hitCount: 345, earned: 1440 },
      { _id: COURSE_ID, name: 'Evening Course', type: 'single', activeSubscribers: 3, hitCount: 40, earned: 149 },
    ],
    content: [],
    subscriptions: [],
    payouts: { status: 'not_linked' },
    ...overrides,
  };
}
