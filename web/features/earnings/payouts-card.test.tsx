// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { PayoutsCard } from './payouts-card';
import { fetchedPaths, routeFetch } from './testing/earnings-fixtures';

resetPageBetweenTests({ token: 'session-token' });

const renderCard = (status: 'not_linked' | 'incomplete' | 'linked') =>
  renderPage(<PayoutsCard status={status} />, { path: '/dashboard' });

describe('payouts history', () => {
  it('lists the latest payouts with arrival, status and amount', async () => {
    routeFetch({
      'app/facilitator/payouts': {
        status: 200,
        body: {
          linked: true,
          payouts: [
            { _id: 'po_2', amount: 108.5, arrivalDate: '2026-11-26T12:00:00.000Z', status: 'in_transit' },
            { _id: 'po_1', amount: 45, arrivalDate: '2026-10-27T12:00:00.000Z', status: 'paid' },
            { _id: 'po_0', amount: 12, arrivalDate: '2026-10-01T12:00:00.000Z', status: 'failed' },
          ],
        },
      },
    });
    renderCard('linked');
    const table = await screen.findByRole('table', { name: 'Recent payouts, newest first' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['11/26/2026', 'On the way', '$108.50'],
      ['10/27/2026', 'Paid', '$45'],
      ['10/01/2026', 'Failed', '$12'],
    ]);
    expect(screen.getByRole('button', { name: 'Manage Payment Details' })).toBeTruthy();
  });

  it('explains the money: pending, available, paid out and fees, from the balance', async () => {
    routeFetch({
      'app/facilitator/payouts': {
        status: 200,
        body: { linked: true, payouts: [], balance: { available: 125.5, pending: 40, paidOut: 100, fees: 7.85 } },
      },
    });
    renderCard('linked');
    const figures = await screen.findAllByRole('term');
    expect(figures.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])).toEqual([
      ['Pending', '$40'],
      ['Available', '$125.50'],
      ['Paid out', '$100'],
      ['Fees', '$7.85'],
    ]);
    expect(screen.getByText(/^No payouts yet\./)).toBeTruthy();
  });

  it('says when there are no payouts yet', async () => {
    routeFetch({ 'app/facilitator/payouts': { status: 200, body: { linked: true, payouts: [] } } });
    renderCard('incomplete');
    expect(await screen.findByText(/^No payouts yet\./)).toBeTruthy();
  });

  it('does not ask for payouts before an account is linked', async () => {
    const fetchMock = routeFetch({});
    renderCard('not_linked');
    expect(screen.getByRole('button', { name: 'Link Bank Account' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Recent payouts' })).toBeNull();
    expect(fetchedPaths(fetchMock)).toEqual([]);
  });

  it('offers to try again when the provider does not answer', async () => {
    let fail = true;
    routeFetch({
      'app/facilitator/payouts': () =>
        fail
          ? {
              status: 502,
              body: { error: 'payouts_unavailable', message: 'Payouts could not be loaded from the payment provider' },
            }
          : { status: 200, body: { linked: true, payouts: [] } },
    });
    const { user } = renderCard('linked');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your payouts.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^No payouts yet\./)).toBeTruthy();
  });
});
