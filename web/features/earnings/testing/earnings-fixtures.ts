import { vi } from 'vitest';
import type { MoneySummaryAnswer, TierMember } from '@common/payments/money-schemas';
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
export function buildRevenue(
  period: RevenueAnswer['period'],
  amounts: { tierId: string; tier: string; amount: number }[],
): RevenueAnswer {
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
      {
        _id: MORNING_ID,
        name: 'Morning Circle',
        type: 'subscription',
        activeSubscribers: 12,
        hitCount: 345,
        earned: 1440,
      },
      { _id: COURSE_ID, name: 'Evening Course', type: 'single', activeSubscribers: 3, hitCount: 40, earned: 149 },
    ],
    content: [],
    subscriptions: [],
    payouts: { status: 'not_linked', chargesEnabled: false, payoutsEnabled: false, requirementsDue: [] },
    ...overrides,
  };
}

export function buildMoney(
  period: MoneySummaryAnswer['period'],
  overrides: Partial<MoneySummaryAnswer> = {},
): MoneySummaryAnswer {
  return {
    period,
    from: localNoon(period === 'week' ? 7 : period === 'month' ? 30 : 365).toISOString(),
    to: localNoon(0).toISOString(),
    mrr: 120.5,
    activePayingMembers: 14,
    trialing: 2,
    newSubscriptions: 3,
    cancelledSubscriptions: 1,
    endingSubscriptions: 0,
    gross: 1589,
    refunds: 40,
    disputes: 0,
    fees: 154.9,
    net: 1394.1,
    feePercent: 10,
    ...overrides,
  };
}

export const ANA_SUBSCRIPTION_ID = '3b9d4f1e-2c7a-4e8b-9f0d-1a2b3c4d5e6f';

export function buildMember(overrides: Partial<TierMember> = {}): TierMember {
  return {
    _id: ANA_SUBSCRIPTION_ID,
    member: { _id: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d', name: 'Ana Lima' },
    tier: { _id: MORNING_ID, name: 'Morning Circle', type: 'subscription' },
    interval: 'year',
    startDate: '2026-03-14',
    status: 'active',
    endsOn: null,
    isFree: false,
    paidToDate: 240,
    ...overrides,
  };
}

/** The money calls the dashboard makes besides the chart, answered with neutral defaults. */
export const moneyRoutes = (overrides: Record<string, Answer> = {}): Record<string, Answer> => ({
  'app/facilitator/money?period=year': { status: 200, body: buildMoney('year') },
  'app/facilitator/money?period=month': { status: 200, body: buildMoney('month') },
  'app/facilitator/money?period=week': { status: 200, body: buildMoney('week') },
  'app/facilitator/members?limit=25': { status: 200, body: { members: [buildMember()], next: null } },
  'app/facilitator/payouts': { status: 200, body: { linked: true, payouts: [] } },
  'app/facilitator/referrals?limit=25': { status: 200, body: { items: [], next: null } },
  'app/facilitator/referral-reward': { status: 200, body: { offerId: null, choices: [] } },
  ...overrides,
});
