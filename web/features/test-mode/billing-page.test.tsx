// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { SubscriptionAnswer } from '@common/payments/schemas';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { TestBillingPage } from './billing-page';
import { buildSubscription, ORIGIN, routeFetch, sentTo, stubPageLoads, SUB_ID } from './testing/test-mode-fixtures';

resetPageBetweenTests({ token: 'session-token' });

const inAMonth = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
const renderBilling = (url = `/test-mode/billing?return=${encodeURIComponent(`${ORIGIN}/subscriptions`)}`) =>
  renderPage(<TestBillingPage />, { path: '/test-mode/billing', url });

/** The billing list answers `current`; each action changes it the way the provider would. */
function billingServer(initial: SubscriptionAnswer) {
  let current = initial;
  const fetchMock = routeFetch({
    'GET test-mode/billing': () => ({ status: 200, body: [current] }),
    'POST test-mode/billing/cancel': () => {
      current = { ...current, cancelled: true, isActive: false, cancelAtPeriodEnd: true, endDate: inAMonth };
      return { status: 200, body: { status: 'cancelled' } };
    },
    'POST test-mode/billing/resume': () => {
      current = { ...current, cancelled: false, isActive: true, cancelAtPeriodEnd: false, endDate: null };
      return { status: 200, body: { status: 'resumed' } };
    },
    'POST test-mode/billing/renew': () => ({ status: 200, body: { status: 'renewed' } }),
    'POST test-mode/billing/fail': () => {
      current = { ...current, stripeDetails: { status: 'past_due' } };
      return { status: 200, body: { status: 'past_due' } };
    },
  });
  return fetchMock;
}

describe('TestBillingPage', () => {
  it('cancels a subscription after confirmation, then offers to resume it', async () => {
    stubPageLoads();
    const fetchMock = billingServer(buildSubscription());
    const { user } = renderBilling();
    const card = await screen.findByRole('article', { name: 'Morning Circle' });
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(card.textContent).toContain('$12.00 / month');

    await user.click(within(card).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByRole('button', { name: 'Resume subscription' })).toBeTruthy();
    expect(sentTo(fetchMock, 'POST test-mode/billing/cancel')).toEqual([{ sub: SUB_ID }]);
    expect(screen.getByText(/^Paid until/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Resume subscription' }));
    expect(await screen.findByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
    expect(sentTo(fetchMock, 'POST test-mode/billing/resume')).toEqual([{ sub: SUB_ID }]);
  });

  it('keeps the subscription when the confirmation is declined', async () => {
    stubPageLoads();
    const fetchMock = billingServer(buildSubscription());
    const { user } = renderBilling();
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep subscription' }));
    expect(sentTo(fetchMock, 'POST test-mode/billing/cancel')).toEqual([]);
  });

  it('simulates the next payment, explaining that it is test mode', async () => {
    stubPageLoads();
    const fetchMock = billingServer(buildSubscription());
    const { user } = renderBilling();
    const simulate = await screen.findByRole('button', { name: 'Simulate next payment' });
    expect(simulate.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(simulate.getAttribute('aria-describedby')!)?.textContent).toMatch(/^Test mode/);
    await user.click(simulate);
    await waitFor(() => expect(sentTo(fetchMock, 'POST test-mode/billing/renew')).toEqual([{ sub: SUB_ID }]));
  });

  it('simulates a declined renewal: the subscription shows past due, still active', async () => {
    stubPageLoads();
    const fetchMock = billingServer(buildSubscription());
    const { user } = renderBilling();
    await user.click(await screen.findByRole('button', { name: 'Simulate declined payment' }));
    await waitFor(() => expect(sentTo(fetchMock, 'POST test-mode/billing/fail')).toEqual([{ sub: SUB_ID }]));
    expect(await screen.findByText(/^Past due: the last payment was declined/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Simulate declined payment' })).toBeNull();
  });

  it("bills a yearly subscription '/ year' and says it renews every year", async () => {
    stubPageLoads();
    const base = buildSubscription();
    billingServer(buildSubscription({ price: 120, tier: { ...base.tier, interval: 'year' } }));
    renderBilling();
    const card = await screen.findByRole('article', { name: 'Morning Circle' });
    expect(card.textContent).toContain('$120.00 / year');
    expect(within(card).getByText(/^Renews every year · started/)).toBeTruthy();
  });

  it('offers no actions on an ended subscription', async () => {
    stubPageLoads();
    billingServer(
      buildSubscription({
        cancelled: true,
        isActive: false,
        endDate: '2025-01-01T00:00:00.000Z',
        stripeDetails: { status: 'canceled' },
      }),
    );
    renderBilling();
    const card = await screen.findByRole('article', { name: 'Morning Circle' });
    expect(within(card).getByText('Ended')).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('returns to the same-site address it was given, and only to that', async () => {
    stubPageLoads();
    billingServer(buildSubscription());
    renderBilling();
    expect((await screen.findByRole('link', { name: 'Return to Tend' })).getAttribute('href')).toBe('/subscriptions');
  });

  it('falls back to My Subscriptions for a return address on another site', async () => {
    stubPageLoads();
    billingServer(buildSubscription());
    renderBilling('/test-mode/billing?return=https%3A%2F%2Fevil.example%2Fsettings');
    expect((await screen.findByRole('link', { name: 'Return to Tend' })).getAttribute('href')).toBe('/subscriptions');
  });
});
