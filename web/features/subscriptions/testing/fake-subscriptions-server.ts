import { errorText } from '@common/errors';
import { vi } from 'vitest';
import type { OfferLookupAnswer } from '@common/offers/schemas';
import type { CheckoutResultAnswer } from '@common/payments/checkout-result';
import type { SubscriptionAnswer } from '@common/payments/schemas';
import type { PublicProfileAnswer } from '@common/profiles/schemas';
import type { SessionAnswer } from '@common/sessions/schemas';
import type { TierAnswer } from '@common/tiers/schemas';

export const MEMBER_ID = 'a0000000-0000-4000-8000-000000000001';
export const FACILITATOR_ID = 'f0000000-0000-4000-8000-000000000001';
export const FREE_TIER_ID = '70000000-0000-4000-8000-000000000001';
export const PAID_TIER_ID = '70000000-0000-4000-8000-000000000002';
export const COURSE_TIER_ID = '70000000-0000-4000-8000-000000000003';

export function buildTier(overrides: Partial<TierAnswer> = {}): TierAnswer {
  return {
    _id: FREE_TIER_ID,
    name: 'Morning Circle',
    description: 'A short practice every morning.',
    price: 0,
    thumbnail: null,
    type: 'subscription',
    interval: 'month',
    trialDays: 0,
    published: true,
    releaseAllContent: false,
    allowDirectMessaging: false,
    associatedGroup: null,
    contentQueue: [],
    contentQueueFrequency: 1,
    user: FACILITATOR_ID,
    ...overrides,
  };
}

export function buildSubscription(tier: TierAnswer, overrides: Partial<SubscriptionAnswer> = {}): SubscriptionAnswer {
  return {
    _id: `5${tier._id.slice(1)}`,
    tier: {
      _id: tier._id,
      name: tier.name,
      type: tier.type,
      interval: tier.interval,
      allowDirectMessaging: tier.allowDirectMessaging,
      thumbnail: tier.thumbnail,
    },
    facilitator: { _id: tier.user, name: 'Mira Stone' },
    startDate: '2026-03-14',
    endDate: null,
    cancelled: false,
    price: tier.price,
    isPaid: tier.price > 0,
    isActive: true,
    cancelAtPeriodEnd: false,
    renewsAt: null,
    stripeDetails: { status: 'active' },
    ...overrides,
  };
}

export const buildProfile = (overrides: Partial<PublicProfileAnswer> = {}): PublicProfileAnswer => ({
  _id: FACILITATOR_ID,
  name: 'Mira Stone',
  username: 'mira',
  bio: 'Breath teacher.',
  facilitatorCategory: 'Breathwork',
  profilePicture: null,
  isFacilitator: true,
  dateJoined: '2025-01-05T10:00:00.000Z',
  ...overrides,
});

type FakeState = {
  subscriptions: SubscriptionAnswer[];
  profile?: PublicProfileAnswer;
  tiers?: TierAnswer[];
  viewerId?: string;
  /** What app/stripe-billing-portal answers: a url, or a 400 with this error. */
  portal?: { url: string } | { error: string; message: string };
  /** Set to make create-checkout-session answer 400 with this error. */
  /** the code of a checkout refusal (common/subscriptions/errors.ts) */
  checkoutError?: string;
  /** How many times app/subscriptions/{id} answers 404 before it finds the subscription. */
  notYetConfirmed?: number;
  /** What app/facilitator/{id}/sessions answers, for any week. */
  sessions?: SessionAnswer[];
  /** What app/checkout-result/{ref} answers, by tier or session id (404 for others). */
  checkoutResults?: CheckoutResultAnswer[];
  /** How many times app/checkout-result/{ref} answers owned: false before the purchase is held. */
  notYetOwned?: number;
  /** offer codes (lower case) and what their look-up answers */
  offers?: Record<string, OfferLookupAnswer>;
  /** a checkout with an offer code answers this refusal (the offer ran out meanwhile) */
  offerCheckoutError?: string;
};

export const SESSION_ID = '60000000-0000-4000-8000-000000000001';

export function buildCheckoutResult(overrides: Partial<CheckoutResultAnswer> = {}): CheckoutResultAnswer {
  return {
    kind: 'subscription',
    name: 'Deep Breath Club',
    facilitator: { _id: FACILITATOR_ID, name: 'Mira Stone' },
    tierId: PAID_TIER_ID,
    sessionId: null,
    startTime: null,
    owned: true,
    checkout: 'complete',
    ...overrides,
  };
}

const json = (body: unknown, status = 200, statusText = 'OK') =>
  new Response(JSON.stringify(body), { status, statusText });
const notFound = () => json({ error: 'subscription_not_found', message: 'Subscription not found' }, 404, 'Not Found');

/**
 * A stand-in for the subscriptions API behind a mocked global fetch: cancel, restart and free
 * subscribe change its state like the server does; every request is recorded for the test.
 */
export function fakeSubscriptionsServer(state: FakeState) {
  const requests: Array<{ path: string; body: unknown }> = [];
  const find = (id: string) => state.subscriptions.find((s) => s._id === id || s.tier._id === id);
  const update = (sub: SubscriptionAnswer, change: Partial<SubscriptionAnswer>) => Object.assign(sub, change);

  const answer = (path: string, body: unknown): Response => {
    let m: RegExpMatchArray | null;
    if (path.startsWith('auth/whoami'))
      return json({ isLoggedIn: true, streak: 1, id: state.viewerId ?? MEMBER_ID, name: 'Ada' });
    if (path === 'app/subscriptions') return json(state.subscriptions);
    if (path === 'app/gifts') return json({ gifts: [] });
    if ((m = path.match(/^app\/checkout-result\/([^/?]+)/))) {
      const result = state.checkoutResults?.find((r) => (r.tierId ?? r.sessionId) === m![1]);
      if (!result) return json({ error: 'checkout_not_found', message: 'Checkout not found' }, 404, 'Not Found');
      if (state.notYetOwned) {
        state.notYetOwned -= 1;
        return json({ ...result, owned: false });
      }
      return json(result);
    }
    if ((m = path.match(/^app\/subscriptions\/([^/]+)\/interval$/))) {
      // the switch of a paid subscription's interval: the price of that interval from the plan's prices
      const sub = find(m[1]!)!;
      const interval = (body as { interval: 'week' | 'month' | 'year' }).interval;
      const price = sub.prices?.find((p) => p.interval === interval);
      return price ? json(update(sub, { interval, price: price.price })) : notFound();
    }
    if ((m = path.match(/^app\/subscriptions\/(.+)$/))) {
      if (state.notYetConfirmed) {
        state.notYetConfirmed -= 1;
        return notFound();
      }
      const sub = find(m[1]!);
      return sub ? json(sub) : notFound();
    }
    if ((m = path.match(/^app\/subscription-action\/(cancel|restart)$/))) {
      const sub = find((body as { sub: string }).sub)!;
      const cancel = m[1] === 'cancel';
      return json(
        update(sub, {
          cancelled: cancel,
          isActive: !cancel,
          endDate: cancel ? '2026-04-01T09:00:00.000Z' : null,
          stripeDetails: { status: cancel ? 'canceled' : 'active' },
        }),
      );
    }
    if ((m = path.match(/^app\/subscription-action\/(start-paying|cancel-trial)$/))) {
      const sub = find((body as { sub: string }).sub)!;
      return json(
        update(
          sub,
          m[1] === 'start-paying'
            ? { stripeDetails: { status: 'active' } }
            : { cancelAtPeriodEnd: true, endDate: sub.renewsAt },
        ),
      );
    }
    if ((m = path.match(/^offers\/([^/]+)\/([^/]+)$/))) {
      const code = decodeURIComponent(m[2]!);
      const found = state.offers?.[code.toLowerCase()];
      return json(
        found ?? { code, status: 'not_found', message: 'That offer code was not found.', tierId: null, terms: null },
      );
    }
    if (
      (m = path.match(/^app\/subscribe\/([^/]+)\/create-checkout-session\?(?:.*&)?offer=/)) &&
      state.offerCheckoutError
    )
      return json({ error: state.offerCheckoutError, message: errorText(state.offerCheckoutError) }, 409, 'Conflict');
    if ((m = path.match(/^app\/subscribe\/([^/]+)\/create-checkout-session(?:\?(?:.*&)?(offer=[^&]*))?(?:[?&].*)?$/))) {
      if (state.checkoutError)
        return json(
          { error: state.checkoutError, message: errorText(state.checkoutError) ?? state.checkoutError },
          400,
          'Bad Request',
        );
      return json({ url: `/test-mode/checkout/cs_test_${m[1]}${m[2] ? `_offer` : ''}` });
    }
    if ((m = path.match(/^app\/subscribe\/([^/]+)$/))) {
      const existing = find(m[1]!);
      if (existing?.isActive) return json({ status: 'already_subscribed', subscription: existing });
      const tier = state.tiers!.find((t) => t._id === m![1])!;
      const created = buildSubscription(tier);
      state.subscriptions.unshift(created);
      return json({ status: 'subscribed', subscription: created });
    }
    if (path.startsWith('app/stripe-billing-portal')) {
      const portal = state.portal ?? { url: 'https://billing.stripe.com/p/session/test_123' };
      return 'url' in portal ? json(portal) : json(portal, 400, 'Bad Request');
    }
    if ((m = path.match(/^app\/facilitator\/([^/]+)\/tiers$/))) return json(state.tiers ?? []);
    if ((m = path.match(/^app\/facilitator\/([^/]+)\/sessions\?/))) return json(state.sessions ?? []);
    if ((m = path.match(/^app\/facilitator\/([^/]+)$/))) {
      return state.profile?._id === m[1]
        ? json(state.profile)
        : json({ error: 'facilitator_not_found', message: 'Facilitator not found' }, 404, 'Not Found');
    }
    return json({ error: 'not_found', message: 'Not found' }, 404, 'Not Found');
  };

  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace(/^\/api\//, '');
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ path, body });
    return answer(path, body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, state };
}
