// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TierAnswer } from '@common/tiers/schemas';
import { routeFetch, sentTo } from '@web/testing/route-fetch';
import { renderPage } from '@web/testing/render-page';
import { GiftButton } from './gift-dialog';
import { paymentRedirect } from './payment-redirect';

const TIER_ID = '7d3c5a2e-1b4f-4c8a-9e6d-0a1b2c3d4e5f';
const tier = (overrides: Partial<TierAnswer> = {}): TierAnswer => ({
  _id: TIER_ID,
  name: 'Morning Circle',
  description: '',
  price: 120,
  thumbnail: null,
  type: 'subscription',
  interval: 'year',
  trialDays: 0,
  published: true,
  releaseAllContent: false,
  allowDirectMessaging: false,
  associatedGroup: null,
  contentQueue: [],
  contentQueueFrequency: 1,
  user: '5a5a5a5a-1111-4222-8333-444455556666',
  ...overrides,
});
const GIFTS = `POST app/tier/${TIER_ID}/gifts`;

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the gift dialog', () => {
  it('prices each length by the monthly equivalent and sends months, address, message and day, then goes to the checkout', async () => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    const fetchMock = routeFetch({ [GIFTS]: { status: 200, body: { url: '/test-mode/checkout/cs_1' } } });
    const { user } = renderPage(<GiftButton tier={tier()} />);
    await user.click(screen.getByRole('button', { name: 'Give as a gift' }));
    const dialog = await screen.findByRole('dialog');
    // a $120 yearly plan is $10 a month
    expect(within(dialog).getByTestId('gift-total').textContent).toBe('$30');
    await user.click(within(dialog).getByLabelText(/6 months/));
    expect(within(dialog).getByTestId('gift-total').textContent).toBe('$60');
    await user.type(within(dialog).getByLabelText('Their email address'), 'lee@example.com');
    await user.type(within(dialog).getByLabelText('Your message'), 'Enjoy!');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('/test-mode/checkout/cs_1'));
    expect(sentTo(fetchMock, GIFTS)[0]).toMatchObject({
      months: 6,
      recipientEmail: 'lee@example.com',
      message: 'Enjoy!',
      deliverOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      timeZone: expect.any(String),
    });
  });

  it('shows a refusal in the dialog and stays open', async () => {
    routeFetch({ [GIFTS]: { status: 400, body: { error: 'gift_to_self', message: 'A gift is for someone else.' } } });
    const { user } = renderPage(<GiftButton tier={tier()} />);
    await user.click(screen.getByRole('button', { name: 'Give as a gift' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Their email address'), 'me@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('A gift is for someone else.');
  });
});
