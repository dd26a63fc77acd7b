// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { PAYMENT_TEXTS } from '@common/payments/schemas';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { TestCheckoutPage } from './checkout-page';
import { buildCheckout, routeFetch, sentTo, SESSION_ID, stubPageLoads, TIER_ID } from './testing/test-mode-fixtures';

resetPageBetweenTests({ token: 'session-token' });

const GET = `GET test-mode/checkout/${SESSION_ID}`;
const PAY = `POST test-mode/checkout/${SESSION_ID}/pay`;
const successPath = `/subscription/${TIER_ID}/success?session_id=${SESSION_ID}`;

const renderCheckout = () =>
  renderPage(<TestCheckoutPage />, { path: '/test-mode/checkout/:id', url: `/test-mode/checkout/${SESSION_ID}` });

describe('TestCheckoutPage', () => {
  it('shows what is bought under the test-mode banner, and subscribing pays and goes to the success URL', async () => {
    const assign = stubPageLoads();
    const fetchMock = routeFetch({
      [GET]: { status: 200, body: buildCheckout() },
      [PAY]: { status: 200, body: { url: successPath } },
    });
    const { user } = renderCheckout();

    expect(await screen.findByRole('heading', { level: 1, name: 'Morning Circle' })).toBeTruthy();
    expect(screen.getByText(PAYMENT_TEXTS.testMode)).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('/ month')).toBeTruthy();
    expect(screen.getAllByText('$12.00').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe(
      `/subscription/${TIER_ID}/cancelled`,
    );

    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(successPath));
    expect(sentTo(fetchMock, PAY)).toHaveLength(1);
    // still busy while the browser leaves, so a second press cannot pay twice
    expect(screen.getByRole('button', { name: 'Subscribe' })).toHaveProperty('disabled', true);
  });

  it.each([
    ['week', '/ week', 'Every week, until you cancel'],
    ['year', '/ year', 'Every year, until you cancel'],
  ] as const)('shows a subscription billed every %s with its interval', async (interval, per, billing) => {
    stubPageLoads();
    routeFetch({ [GET]: { status: 200, body: buildCheckout({ interval }) } });
    renderCheckout();
    expect(await screen.findByText(per)).toBeTruthy();
    expect(screen.getByText(billing)).toBeTruthy();
    expect(screen.queryByText('/ month')).toBeNull();
  });

  it("an offer: its code and the price with it, and only the offer's first charge due today", async () => {
    stubPageLoads();
    routeFetch({
      [GET]: {
        status: 200,
        body: buildCheckout({
          offer: { code: 'FIRST4', text: '$8 first month, then $12/month', dueTodayCents: 800 },
        }),
      },
    });
    renderCheckout();
    expect(await screen.findByText('Offer FIRST4')).toBeTruthy();
    expect(screen.getByText('$8 first month, then $12/month')).toBeTruthy();
    expect(screen.getByText('$8.00')).toBeTruthy();
  });

  it('asks to pay the amount for a one-off course', async () => {
    const assign = stubPageLoads();
    routeFetch({
      [GET]: {
        status: 200,
        body: buildCheckout({
          mode: 'payment',
          kind: 'course',
          interval: null,
          description: 'Evening Course',
          amount: 4950,
        }),
      },
      [PAY]: { status: 200, body: { url: successPath } },
    });
    const { user } = renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Pay $49.50' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(successPath));
    expect(screen.queryByText('/ month')).toBeNull();
    expect(screen.getByText('One-time payment')).toBeTruthy();
    expect(screen.getByText('Course')).toBeTruthy();
  });

  it('labels a paid session as a session, not a course', async () => {
    routeFetch({
      [GET]: {
        status: 200,
        body: buildCheckout({
          mode: 'payment',
          kind: 'session',
          interval: null,
          description: '1:1 Breathwork',
          amount: 2500,
        }),
      },
    });
    renderCheckout();
    expect(await screen.findByText('Session')).toBeTruthy();
    expect(screen.queryByText('Course')).toBeNull();
  });

  it('shows a free trial as nothing due today, then the price per interval', async () => {
    routeFetch({ [GET]: { status: 200, body: buildCheckout({ interval: 'year', amount: 12000, trialDays: 7 }) } });
    renderCheckout();
    expect(await screen.findByText('7 days free, then $120 / year')).toBeTruthy();
    expect(screen.getByText('$0.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start free trial' })).toBeTruthy();
  });

  it('shows why paying failed and then the checkout as it now stands', async () => {
    const assign = stubPageLoads();
    let status: 'open' | 'complete' = 'open';
    routeFetch({
      [GET]: () => ({ status: 200, body: buildCheckout({ status }) }),
      [PAY]: () => {
        status = 'complete';
        return { status: 400, body: { error: 'checkout_closed', message: 'This checkout is no longer open.' } };
      },
    });
    const { user } = renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('heading', { name: 'This checkout is already paid' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue to Tend' }).getAttribute('href')).toBe(successPath);
    expect(assign).not.toHaveBeenCalled();
  });

  it('says when a checkout has expired, with a way back', async () => {
    stubPageLoads();
    routeFetch({ [GET]: { status: 200, body: buildCheckout({ status: 'expired' }) } });
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'This checkout has expired' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Tend' }).getAttribute('href')).toBe(
      `/subscription/${TIER_ID}/cancelled`,
    );
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('never links back to another site', async () => {
    stubPageLoads();
    routeFetch({ [GET]: { status: 200, body: buildCheckout({ cancelUrl: 'https://evil.example/phish' }) } });
    renderCheckout();
    expect((await screen.findByRole('link', { name: 'Cancel' })).getAttribute('href')).toBe('/');
  });

  it('explains a checkout that is not found', async () => {
    stubPageLoads();
    routeFetch({});
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Checkout not found' })).toBeTruthy();
  });
});
