// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { OfferAnswer } from '@common/offers/schemas';
import { OffersEditor } from './offers-editor';
import { buildTier, renderProgramScreen, routeFetch, sentTo, TIER_ID } from './testing/program-fixtures';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const OFFERS = `app/tier/${TIER_ID}/offers`;
const OFFER_ID = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
const offer = (overrides: Partial<OfferAnswer> = {}): OfferAnswer => ({
  _id: OFFER_ID,
  tierId: TIER_ID,
  code: 'SPRING',
  kind: 'percent',
  percentOff: 30,
  amountOffCents: null,
  duration: 'once',
  durationMonths: null,
  trialDays: null,
  endsAt: null,
  redemptionLimit: 10,
  redemptions: 3,
  reserved: 1,
  revenueCents: 2520,
  discountCents: 1080,
  status: 'active',
  archivedAt: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  link: '/profile/f1?offer=SPRING',
  ...overrides,
});
const render = () => renderProgramScreen(<OffersEditor tier={buildTier({ price: 12 })} />, '/program', '/program');

describe('OffersEditor', () => {
  it('says so when there are no offers, and offers Try again after a failed load', async () => {
    routeFetch({
      [`GET ${OFFERS}`]: { status: 500, body: { error: 'internal_error', message: 'Something went wrong' } },
    });
    render();
    expect(await screen.findByText('Offers could not be loaded.')).toBeTruthy();
    routeFetch({ [`GET ${OFFERS}`]: { status: 200, body: { offers: [] } } });
    (await screen.findByRole('button', { name: 'Try again' })).click();
    expect(await screen.findByText('No offers on this plan yet.')).toBeTruthy();
  });

  it('lists each offer with what it gives, its redemptions, revenue and status, and copies its link', async () => {
    routeFetch({ [`GET ${OFFERS}`]: { status: 200, body: { offers: [offer()] } } });
    const { user } = render();
    // after user-event's setup, which puts its own clipboard in place
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const list = await screen.findByRole('list', { name: 'Offers' });
    expect(within(list).getByText('SPRING')).toBeTruthy();
    expect(within(list).getByText('Active')).toBeTruthy();
    expect(within(list).getByText('30% off the first payment')).toBeTruthy();
    expect(within(list).getByText(/3 of 10 redeemed · 1 in checkout · \$25\.20 revenue/)).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Copy link: SPRING' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/profile/f1?offer=SPRING`);
  });

  it('creates a percent off for a number of months, with a limit', async () => {
    const fetchMock = routeFetch({
      [`GET ${OFFERS}`]: { status: 200, body: { offers: [] } },
      [`POST ${OFFERS}`]: { status: 200, body: offer() },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Create offer' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Percent off'), '25');
    await user.selectOptions(within(dialog).getByLabelText('For how long'), 'repeating');
    await user.clear(within(dialog).getByLabelText('Months'));
    await user.type(within(dialog).getByLabelText('Months'), '2');
    await user.type(within(dialog).getByLabelText('Code'), 'spring');
    await user.type(within(dialog).getByLabelText('Redemption limit (optional)'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Create offer' }));
    await vi.waitFor(() => expect(sentTo(fetchMock, `POST ${OFFERS}`)).toHaveLength(1));
    expect(sentTo(fetchMock, `POST ${OFFERS}`)[0]).toEqual({
      kind: 'percent',
      code: 'spring',
      percentOff: 25,
      duration: 'repeating',
      durationMonths: 2,
      endsAt: null,
      redemptionLimit: 5,
    });
  });

  it('creates a free-days offer, and shows a refusal in the dialog', async () => {
    routeFetch({
      [`GET ${OFFERS}`]: { status: 200, body: { offers: [] } },
      [`POST ${OFFERS}`]: {
        status: 409,
        body: { error: 'offer_code_taken', message: 'You already have an offer with this code. Choose another code.' },
      },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Create offer' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Free days'));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Free days' }), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Create offer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Choose another code');
  });

  it('archives an offer after confirming', async () => {
    const fetchMock = routeFetch({
      [`GET ${OFFERS}`]: { status: 200, body: { offers: [offer()] } },
      [`POST ${OFFERS}/${OFFER_ID}/archive`]: { status: 200, body: offer({ status: 'archived' }) },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Archive: SPRING' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await vi.waitFor(() => expect(sentTo(fetchMock, `POST ${OFFERS}/${OFFER_ID}/archive`)).toHaveLength(1));
  });
});
