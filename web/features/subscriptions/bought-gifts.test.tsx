// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoughtGiftAnswer } from '@common/gifts/schemas';
import { routeFetch, sentTo } from '@web/testing/route-fetch';
import { renderPage } from '@web/testing/render-page';
import { BoughtGifts } from './bought-gifts';

const ID = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
const gift = (overrides: Partial<BoughtGiftAnswer> = {}): BoughtGiftAnswer => ({
  _id: ID,
  tier: { _id: 't1', name: 'Deep Practice' },
  facilitator: { _id: 'f1', name: 'Maya' },
  recipientEmail: 'lee@example.com',
  message: '',
  months: 3,
  amount: 36,
  deliverOn: '2026-12-07',
  state: 'sent',
  deliveredAt: '2026-12-07T10:00:00.000Z',
  claimedAt: null,
  endsAt: null,
  createdAt: '2026-12-07T09:00:00.000Z',
  canResend: true,
  canChangeRecipient: true,
  ...overrides,
});

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the buyer's gifts", () => {
  it('shows nothing to someone who never gave one, and says so when the load fails', async () => {
    routeFetch({ 'GET app/gifts': { status: 200, body: { gifts: [] } } });
    renderPage(<BoughtGifts />);
    await vi.waitFor(() => expect(screen.queryByText('Loading your gifts…')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Gifts you gave' })).toBeNull();
    cleanup();
    routeFetch({ 'GET app/gifts': { status: 500, body: { error: 'internal_error', message: 'x' } } });
    renderPage(<BoughtGifts />);
    expect(await screen.findByText('We could not load your gifts.')).toBeTruthy();
  });

  it('lists each gift with its state, and sends it again or to a new address while unclaimed', async () => {
    const fetchMock = routeFetch({
      'GET app/gifts': {
        status: 200,
        body: {
          gifts: [
            gift(),
            gift({
              _id: '2a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d',
              recipientEmail: 'kim@example.com',
              state: 'claimed',
              endsAt: '2027-03-07T10:00:00.000Z',
              canResend: false,
              canChangeRecipient: false,
            }),
          ],
        },
      },
      [`POST app/gifts/${ID}/resend`]: { status: 200, body: gift() },
      [`POST app/gifts/${ID}/recipient`]: { status: 200, body: gift({ recipientEmail: 'new@example.com' }) },
    });
    const { user } = renderPage(<BoughtGifts />);
    const list = await screen.findByRole('list', { name: 'Gifts you gave' });
    expect(within(list).getByText(/lee@example.com · \$36 · Sent, not claimed yet/)).toBeTruthy();
    expect(within(list).getByText(/kim@example.com · \$36 · Claimed until 03\/0[67]\/2027/)).toBeTruthy();
    // a claimed gift cannot be changed
    expect(within(list).getAllByRole('button', { name: /Send again/ })).toHaveLength(1);

    await user.click(within(list).getByRole('button', { name: 'Send again: lee@example.com' }));
    await vi.waitFor(() => expect(sentTo(fetchMock, `POST app/gifts/${ID}/resend`)).toHaveLength(1));

    await user.click(within(list).getByRole('button', { name: 'Change email: lee@example.com' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Their email address'), 'new@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await vi.waitFor(() =>
      expect(sentTo(fetchMock, `POST app/gifts/${ID}/recipient`)).toEqual([{ recipientEmail: 'new@example.com' }]),
    );
  });
});
