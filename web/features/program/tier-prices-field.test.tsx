// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { TierFormPage } from './tier-form-page';
import { buildTier, renderProgramScreen, routeFetch, sentTo, TIER_ID } from './testing/program-fixtures';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PATH = '/program/tier/:id';

function openMonthlyTier() {
  const tier = buildTier({
    price: 10,
    interval: 'month',
    prices: [{ id: 'p-month', interval: 'month', price: 10, default: true, savingPercent: null }],
  });
  const fetchMock = routeFetch({
    [`GET app/tier/${TIER_ID}`]: { status: 200, body: tier },
    'GET app/own-group': { status: 200, body: [] },
    // the saved tier as the server answers it (its prices presented with ids)
    [`POST app/tier/${TIER_ID}`]: () => ({ status: 200, body: tier }),
  });
  return { fetchMock, ...renderProgramScreen(<TierFormPage />, PATH, `/program/tier/${TIER_ID}`) };
}

describe('the tier form’s prices', () => {
  it('adds a yearly price to a monthly tier, shows its saving, makes it the default and sends the list', async () => {
    const { user, fetchMock } = openMonthlyTier();
    const prices = within(await screen.findByRole('group', { name: 'Prices' }));
    expect((prices.getByRole('checkbox', { name: 'Offer monthly' }) as HTMLInputElement).checked).toBe(true);
    expect((prices.getByRole('spinbutton', { name: 'Monthly price (USD)' }) as HTMLInputElement).value).toBe('10');
    expect((prices.getByRole('radio', { name: 'Monthly is the default' }) as HTMLInputElement).checked).toBe(true);
    // the yearly amount is offered only once the interval is
    expect(prices.queryByRole('spinbutton', { name: 'Yearly price (USD)' })).toBeNull();
    await user.click(prices.getByRole('checkbox', { name: 'Offer yearly' }));
    await user.type(prices.getByRole('spinbutton', { name: 'Yearly price (USD)' }), '84');
    expect(prices.getByText('Saves 30% against the default')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save Tier' }));

    expect((await screen.findByTestId('location')).textContent).toBe(`/program?tier=${TIER_ID}`);
    const sent = sentTo(fetchMock, `POST app/tier/${TIER_ID}`)[0] as Record<string, unknown>;
    expect(sent.prices).toEqual([
      { interval: 'month', price: 10, default: true },
      { interval: 'year', price: 84, default: false },
    ]);
  });

  it('moves the default with the keyboard and removes a price; the one left becomes the default', async () => {
    const { user } = openMonthlyTier();
    const prices = within(await screen.findByRole('group', { name: 'Prices' }));
    await user.click(prices.getByRole('checkbox', { name: 'Offer weekly' }));
    await user.type(prices.getByRole('spinbutton', { name: 'Weekly price (USD)' }), '3');
    prices.getByRole('radio', { name: 'Weekly is the default' }).focus();
    await user.keyboard(' ');
    expect((prices.getByRole('radio', { name: 'Weekly is the default' }) as HTMLInputElement).checked).toBe(true);
    await user.click(prices.getByRole('checkbox', { name: 'Offer weekly' }));
    expect((prices.getByRole('radio', { name: 'Monthly is the default' }) as HTMLInputElement).checked).toBe(true);
  });
});
