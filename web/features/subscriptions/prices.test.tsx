// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import type { TierPriceAnswer } from '@common/tiers/prices';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { renderPage } from '@web/testing/render-page';
import { FacilitatorPlans } from './facilitator-plans';
import { paymentRedirect } from './payment-redirect';
import { SubscriptionsPage } from './subscriptions-page';
import {
  buildProfile,
  buildSubscription,
  buildTier,
  FACILITATOR_ID,
  fakeSubscriptionsServer,
  PAID_TIER_ID,
} from './testing/fake-subscriptions-server';

resetPageBetweenTests({ token: 'member-token' });

const prices: TierPriceAnswer[] = [
  { id: 'p-month', interval: 'month', price: 10, default: true, savingPercent: null },
  { id: 'p-year', interval: 'year', price: 84, default: false, savingPercent: 30 },
];
const tier = buildTier({ _id: PAID_TIER_ID, name: 'Deep Breath Club', price: 10, prices });

describe('a plan with a monthly and a yearly price', () => {
  it('offers Monthly / Yearly (save 30%) on its card; the price and the checkout follow the choice', async () => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    const server = fakeSubscriptionsServer({ subscriptions: [], profile: buildProfile(), tiers: [tier] });
    const { user } = renderPage(
      <>
        <FacilitatorPlans facilitatorId={FACILITATOR_ID} isOwner={false} />
        <Toaster />
      </>,
      { path: '/profile/:id', url: `/profile/${FACILITATOR_ID}` },
    );
    const card = within(await screen.findByRole('article', { name: 'Deep Breath Club' }));
    const choice = card.getByRole('group', { name: 'Billing' });
    expect((within(choice).getByRole('radio', { name: 'Monthly' }) as HTMLInputElement).checked).toBe(true);
    expect(card.getByText(/^\$10$/)).toBeTruthy();
    await user.click(within(choice).getByRole('radio', { name: /Yearly save 30%/ }));
    expect(card.getByText(/^\$84$/)).toBeTruthy();
    expect(card.getByText('/ year')).toBeTruthy();
    await user.click(await card.findByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(go).toHaveBeenCalled());
    expect(server.requests.map((r) => r.path)).toContain(
      `app/subscribe/${PAID_TIER_ID}/create-checkout-session?interval=year`,
    );
  });

  it('Billing says the interval and switches to yearly after a confirm that states the proration', async () => {
    const sub = buildSubscription(tier, {
      isPaid: true,
      price: 10,
      interval: 'month',
      prices,
      canSwitchInterval: true,
    });
    const server = fakeSubscriptionsServer({ subscriptions: [sub] });
    const { user } = renderPage(
      <>
        <SubscriptionsPage />
        <Toaster />
      </>,
      { path: '/subscriptions', url: '/subscriptions' },
    );
    const card = within(await screen.findByRole('article', { name: 'Deep Breath Club' }));
    expect(card.getByText('Billed monthly')).toBeTruthy();
    await user.click(card.getByRole('button', { name: 'Switch to yearly (save 30%)' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Switch to yearly billing?' }));
    expect(dialog.getByText(/\$84 \/ year.*prorated/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Switch now' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.path.endsWith('/interval'))?.body).toEqual({ interval: 'year' }),
    );
    expect(await screen.findByText('Deep Breath Club now bills yearly.')).toBeTruthy();
  });

  it('offers no switch on a subscription that cannot switch (in a trial, ending)', async () => {
    const sub = buildSubscription(tier, { isPaid: true, interval: 'month', prices, canSwitchInterval: false });
    fakeSubscriptionsServer({ subscriptions: [sub] });
    renderPage(<SubscriptionsPage />, { path: '/subscriptions', url: '/subscriptions' });
    const card = within(await screen.findByRole('article', { name: 'Deep Breath Club' }));
    expect(card.queryByRole('button', { name: /Switch to/ })).toBeNull();
  });
});
