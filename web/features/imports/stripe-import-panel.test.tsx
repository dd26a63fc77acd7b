// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { routeFetch, sentTo } from '@web/testing/route-fetch';
import { StripeImportPanel } from './stripe-import-panel';

resetPageBetweenTests({ token: 'session-token' });

const PLAN = '0b7c1a9e-2f3d-4c5b-8a6e-1d2c3b4a5f60';
const preview = {
  rows: [
    {
      stripeSubscriptionId: 'sub_1',
      stripeCustomerId: 'cus_1',
      email: 'ana@example.com',
      name: 'Ana',
      status: 'active',
      priceId: 'price_old',
      tierId: null,
      tierName: null,
      existingAccount: false,
      reason: 'unmatched_price',
    },
  ],
  unmatchedPrices: [
    { priceId: 'price_old', amountCents: 1200, interval: 'month', productName: 'Old Circle', subscriptions: 1 },
  ],
  plans: [{ id: PLAN, name: 'Evening Rest' }],
};

describe('Bring your Stripe subscribers', () => {
  it('maps an unknown price to a plan, runs, and shows who keeps their plan', async () => {
    const fetchMock = routeFetch({
      'GET app/facilitator/imports/stripe/preview': { status: 200, body: preview },
      'POST app/facilitator/imports/stripe': {
        status: 200,
        body: {
          kept: [{ email: 'ana@example.com', tierId: PLAN, subscriptionId: PLAN, newAccount: true }],
          skipped: [],
        },
      },
    });
    const user = userEvent.setup();
    renderPage(<StripeImportPanel />, { path: '/import-from-stripe' });
    const price = await screen.findByLabelText(/Old Circle/);
    expect(screen.getByText('Its price is not linked to a plan yet')).toBeTruthy();
    const run = screen.getByRole('button', { name: 'Bring 0 subscribers over' });
    expect(run.hasAttribute('disabled')).toBe(true);
    await user.selectOptions(price, PLAN);
    await user.click(screen.getByRole('button', { name: 'Bring 1 subscriber over' }));
    expect(within(await screen.findByRole('status')).getByText('1 subscriber keeps their plan in Tend.')).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/facilitator/imports/stripe')).toEqual([{ mappings: { price_old: PLAN } }]);
  });

  it('says what to do when no Stripe account is linked', async () => {
    routeFetch({
      'GET app/facilitator/imports/stripe/preview': {
        status: 409,
        body: { error: 'stripe_account_not_linked', message: 'Link your Stripe account in Settings → Payouts first.' },
      },
    });
    renderPage(<StripeImportPanel />, { path: '/import-from-stripe' });
    expect(await screen.findByText('Link your Stripe account in Settings → Payouts first.')).toBeTruthy();
  });

  it('says when there is nobody to bring', async () => {
    routeFetch({ 'GET app/facilitator/imports/stripe/preview': { status: 200, body: { ...preview, rows: [] } } });
    renderPage(<StripeImportPanel />, { path: '/import-from-stripe' });
    expect(await screen.findByText('No subscribers to bring')).toBeTruthy();
  });
});
