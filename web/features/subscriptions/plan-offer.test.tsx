// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import type { OfferLookupAnswer } from '@common/offers/schemas';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { renderPage } from '@web/testing/render-page';
import { FacilitatorPlans } from './facilitator-plans';
import { paymentRedirect } from './payment-redirect';
import {
  buildProfile,
  buildTier,
  COURSE_TIER_ID,
  FACILITATOR_ID,
  fakeSubscriptionsServer,
  PAID_TIER_ID,
} from './testing/fake-subscriptions-server';

resetPageBetweenTests({ token: 'member-token' });

const monthly = buildTier({ _id: PAID_TIER_ID, name: 'Deep Breath Club', price: 12 });
const yearly = buildTier({ _id: COURSE_TIER_ID, name: 'Year of Calm', price: 100, interval: 'year' });

const terms = (t: Partial<NonNullable<OfferLookupAnswer['terms']>>) => ({
  kind: 'percent' as const,
  percentOff: null,
  amountOffCents: null,
  duration: null,
  durationMonths: null,
  trialDays: null,
  ...t,
});
const active = (code: string, tierId: string, t: Parameters<typeof terms>[0]): OfferLookupAnswer => ({
  code,
  status: 'active',
  message: null,
  tierId,
  terms: terms(t),
});

function openWithOffer(code: string) {
  return renderPage(
    <>
      <FacilitatorPlans facilitatorId={FACILITATOR_ID} isOwner={false} offerCode={code} />
      <Toaster />
    </>,
    { path: '/profile/:id', url: `/profile/${FACILITATOR_ID}?offer=${code}` },
  );
}
const plan = async (name: string) => within(await screen.findByRole('article', { name }));

describe('a plan with an offer from the link', () => {
  it("shows the first month's price, then the usual one, on the offer's plan only", async () => {
    fakeSubscriptionsServer({
      subscriptions: [],
      profile: buildProfile(),
      tiers: [monthly, yearly],
      offers: { first4: active('FIRST4', PAID_TIER_ID, { kind: 'amount', amountOffCents: 400, duration: 'once' }) },
    });
    openWithOffer('first4');
    const card = await plan('Deep Breath Club');
    expect(await card.findByText('$8 first month, then $12/month')).toBeTruthy();
    expect(card.getByText('Offer FIRST4')).toBeTruthy();
    expect((await plan('Year of Calm')).queryByText(/Offer/)).toBeNull();
  });

  it("a yearly plan 30% off forever: '$100 → $70 / year forever'", async () => {
    fakeSubscriptionsServer({
      subscriptions: [],
      profile: buildProfile(),
      tiers: [monthly, yearly],
      offers: {
        always: active('ALWAYS', COURSE_TIER_ID, { percentOff: 30, duration: 'forever' }),
      },
    });
    openWithOffer('always');
    expect(await (await plan('Year of Calm')).findByText('$100 → $70 / year forever')).toBeTruthy();
  });

  it("a trial offer says '30 days free, then' the usual price", async () => {
    fakeSubscriptionsServer({
      subscriptions: [],
      profile: buildProfile(),
      tiers: [monthly],
      offers: { try30: active('TRY30', PAID_TIER_ID, { kind: 'trial', trialDays: 30 }) },
    });
    openWithOffer('TRY30');
    expect(await (await plan('Deep Breath Club')).findByText('30 days free, then $12/month')).toBeTruthy();
  });

  it('Subscribe sends the code with the checkout', async () => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    const { requests } = fakeSubscriptionsServer({
      subscriptions: [],
      profile: buildProfile(),
      tiers: [monthly],
      offers: { half: active('HALF', PAID_TIER_ID, { percentOff: 50, duration: 'forever' }) },
    });
    const { user } = openWithOffer('half');
    const card = await plan('Deep Breath Club');
    await card.findByText('Offer HALF');
    await user.click(card.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(`/test-mode/checkout/cs_test_${PAID_TIER_ID}_offer`));
    expect(requests.map((r) => r.path)).toContain(`app/subscribe/${PAID_TIER_ID}/create-checkout-session?offer=HALF`);
  });

  it('an ended or unknown code is explained, and the plans keep their usual price', async () => {
    fakeSubscriptionsServer({
      subscriptions: [],
      profile: buildProfile(),
      tiers: [monthly],
      offers: {
        old: { code: 'OLD', status: 'ended', message: 'This offer has ended.', tierId: PAID_TIER_ID, terms: null },
      },
    });
    openWithOffer('old');
    expect(await screen.findByText('This offer has ended. Plans are shown at their usual price.')).toBeTruthy();
    const card = await plan('Deep Breath Club');
    expect(card.getByText(/^\$12$/)).toBeTruthy();
    expect(card.queryByText(/Offer/)).toBeNull();
  });

  it('an offer used up between the card and the click: the reason is toasted and the card falls back', async () => {
    vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    const server = fakeSubscriptionsServer({
      subscriptions: [],
      profile: buildProfile(),
      tiers: [monthly],
      offers: { last: active('LAST', PAID_TIER_ID, { percentOff: 10, duration: 'once' }) },
      offerCheckoutError: 'offer_used_up',
    });
    const { user } = openWithOffer('last');
    const card = await plan('Deep Breath Club');
    await card.findByText('Offer LAST');
    server.state.offers!.last = {
      code: 'LAST',
      status: 'used_up',
      message: 'This offer has been fully redeemed.',
      tierId: PAID_TIER_ID,
      terms: null,
    };
    await user.click(card.getByRole('button', { name: 'Subscribe' }));
    expect(
      await screen.findByText('This offer has been fully redeemed. Plans are shown at their usual price.'),
    ).toBeTruthy();
    await waitFor(() => expect(card.queryByText('Offer LAST')).toBeNull());
  });
});
