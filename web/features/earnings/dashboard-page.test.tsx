// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { DashboardPage } from './dashboard-page';
import {
  buildDashboard,
  buildRevenue,
  COURSE_ID,
  fetchedPaths,
  moneyRoutes,
  MORNING_ID,
  routeFetch,
} from './testing/earnings-fixtures';

resetPageBetweenTests({ token: 'session-token' });

const year = buildRevenue('year', [
  { tierId: MORNING_ID, tier: 'Morning Circle', amount: 144000 },
  { tierId: COURSE_ID, tier: 'Evening Course', amount: 14900 },
]);
const month = buildRevenue('month', [{ tierId: MORNING_ID, tier: 'Morning Circle', amount: 2450 }]);

/** The revenue card's total line ('$1,589 in the past year'), not the download button's hidden words. */
const revenueTotal = (period: string) => (_: string, el: Element | null) =>
  el?.tagName === 'P' && new RegExp(`in the past ${period}$`).test(el.textContent ?? '');

const renderDashboard = (url = '/dashboard') => renderPage(<DashboardPage />, { path: '/dashboard', url });

describe('DashboardPage', () => {
  it('shows the Status of Tiers with labelled figures and the link to edit them', async () => {
    routeFetch({
      ...moneyRoutes(),
      'app/facilitator/dashboard': { status: 200, body: buildDashboard() },
      'app/facilitator/revenue?period=year': { status: 200, body: year },
    });
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const morning = await screen.findByRole('article', { name: 'Morning Circle' });
    const figures = within(morning);
    expect(figures.getByText('Active subscribers').nextElementSibling?.textContent).toBe('12');
    expect(figures.getByText('Times files opened').nextElementSibling?.textContent).toBe('345');
    expect(figures.getByText('Earned').nextElementSibling?.textContent).toBe('$1,440');
    expect(screen.getByRole('link', { name: 'Edit programs and tiers' }).getAttribute('href')).toBe('/program');
  });

  it('charts the past year by default and refetches with ?period= when the period changes', async () => {
    const fetchMock = routeFetch({
      ...moneyRoutes(),
      'app/facilitator/dashboard': { status: 200, body: buildDashboard() },
      'app/facilitator/revenue?period=year': { status: 200, body: year },
      'app/facilitator/revenue?period=month': { status: 200, body: month },
    });
    const { user } = renderDashboard();
    expect(screen.getByRole('radio', { name: 'Year' })).toHaveProperty('checked', true);
    expect((await screen.findByText(revenueTotal('year'))).textContent).toBe('$1,589 in the past year');
    const table = screen.getByRole('table', { name: /Revenue per tier in the past year/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Month', 'Morning Circle', 'Evening Course']);

    await user.click(screen.getByRole('radio', { name: 'Month' }));
    expect(screen.getByRole('radio', { name: 'Month' })).toHaveProperty('checked', true);
    expect(await screen.findByRole('table', { name: /Revenue per tier in the past month/ })).toBeTruthy();
    expect(screen.getByText(revenueTotal('month')).textContent).toBe('$24.50 in the past month');
    expect(fetchedPaths(fetchMock).filter((p) => p.startsWith('app/facilitator/revenue'))).toEqual([
      'app/facilitator/revenue?period=year',
      'app/facilitator/revenue?period=month',
    ]);
  });

  it('opens on the period named in the address', async () => {
    const fetchMock = routeFetch({
      ...moneyRoutes(),
      'app/facilitator/dashboard': { status: 200, body: buildDashboard() },
      'app/facilitator/revenue?period=month': { status: 200, body: month },
    });
    renderDashboard('/dashboard?period=month');
    expect(await screen.findByRole('table', { name: /past month/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Month' })).toHaveProperty('checked', true);
    expect(fetchedPaths(fetchMock)).not.toContain('app/facilitator/revenue?period=year');
  });

  it('says so when there is no revenue in the period yet', async () => {
    routeFetch({
      ...moneyRoutes(),
      'app/facilitator/dashboard': { status: 200, body: buildDashboard() },
      'app/facilitator/revenue?period=year': { status: 200, body: buildRevenue('year', []) },
    });
    renderDashboard();
    expect(await screen.findByText('No revenue in the past year yet')).toBeTruthy();
    expect(screen.queryByRole('table', { name: /Revenue per tier/ })).toBeNull();
  });

  it('offers a way to try again when the revenue cannot be loaded', async () => {
    let fail = true;
    routeFetch({
      ...moneyRoutes(),
      'app/facilitator/dashboard': { status: 200, body: buildDashboard() },
      'app/facilitator/revenue?period=year': () =>
        fail
          ? { status: 500, body: { error: 'internal_error', message: 'Something went wrong' } }
          : { status: 200, body: year },
    });
    const { user } = renderDashboard();
    expect(await screen.findByText('We could not load your revenue.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('$1,589')).toBeTruthy();
  });

  it.each([
    ['not_linked', 'Link Bank Account', 'app/link-facilitator-bank-account'],
    ['incomplete', 'Finish Linking Payment Details', 'app/link-facilitator-bank-account'],
    ['linked', 'Manage Payment Details', 'app/stripe-login-link'],
  ] as const)('payouts %s: %s goes to the provider through %s', async (status, button, call) => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    routeFetch({
      ...moneyRoutes(),
      'app/facilitator/dashboard': {
        status: 200,
        body: buildDashboard({
          payouts: { status, chargesEnabled: false, payoutsEnabled: false, requirementsDue: [] },
        }),
      },
      'app/facilitator/revenue?period=year': { status: 200, body: year },
      [call]: { status: 200, body: { url: '/test-mode/connect?return=%2Fdashboard' } },
    });
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: button }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/test-mode/connect?return=%2Fdashboard'));
  });
});
