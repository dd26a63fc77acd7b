// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { RevenueSection } from './revenue-section';
import {
  buildMoney,
  buildRevenue,
  fetchedPaths,
  MORNING_ID,
  moneyRoutes,
  routeFetch,
} from './testing/earnings-fixtures';

resetPageBetweenTests({ token: 'session-token' });

const year = buildRevenue('year', [{ tierId: MORNING_ID, tier: 'Morning Circle', amount: 158900 }]);
const month = buildRevenue('month', [{ tierId: MORNING_ID, tier: 'Morning Circle', amount: 2450 }]);
const renderSection = (url = '/dashboard') => renderPage(<RevenueSection />, { path: '/dashboard', url });

/** The figure a label names: its <dd> value. */
const figure = (label: string) =>
  within(screen.getByRole('region', { name: 'Your figures' })).getByText(label).nextElementSibling?.textContent;

describe('the figures beside the chart', () => {
  it('shows MRR, paying members, new, cancelled, refunds and net after the fee', async () => {
    routeFetch({
      ...moneyRoutes({
        'app/facilitator/money?period=year': {
          status: 200,
          body: buildMoney('year', {
            mrr: 50.33,
            activePayingMembers: 3,
            trialing: 1,
            trialStarts: 5,
            trialConversions: 2,
            newSubscriptions: 4,
            cancelledSubscriptions: 2,
            endingSubscriptions: 1,
            gross: 144,
            refunds: 10,
            disputes: 5,
            fees: 13.4,
            net: 115.6,
          }),
        },
      }),
      'app/facilitator/revenue?period=year': { status: 200, body: year },
    });
    renderSection();
    expect(await screen.findByText('MRR')).toBeTruthy();
    expect(figure('MRR')).toBe('$50.33');
    expect(figure('Active paying members')).toBe('3');
    expect(screen.getByText('and 1 in a free trial')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'In the past year' })).toBeTruthy();
    expect(figure('New')).toBe('4');
    expect(figure('Cancelled')).toBe('2');
    expect(screen.getByText('1 more ending soon')).toBeTruthy();
    // free trials started in the period, and how many turned into paid subscriptions
    expect(figure('Trials started')).toBe('5');
    expect(figure('Trials converted')).toBe('2');
    expect(figure('Refunds')).toBe('$15');
    expect(screen.getByText('$5 of it lost to disputes')).toBeTruthy();
    expect(figure('Net after fee')).toBe('$115.60');
    expect(screen.getByText('$144 paid, $13.40 fee (10%)')).toBeTruthy();
  });

  it('follows the period toggle', async () => {
    const fetchMock = routeFetch({
      ...moneyRoutes({
        'app/facilitator/money?period=month': { status: 200, body: buildMoney('month', { newSubscriptions: 9 }) },
      }),
      'app/facilitator/revenue?period=year': { status: 200, body: year },
      'app/facilitator/revenue?period=month': { status: 200, body: month },
    });
    const { user } = renderSection();
    await screen.findByRole('heading', { name: 'In the past year' });
    await user.click(screen.getByRole('radio', { name: 'Month' }));
    expect(await screen.findByRole('heading', { name: 'In the past month' })).toBeTruthy();
    expect(figure('New')).toBe('9');
    expect(fetchedPaths(fetchMock).filter((p) => p.startsWith('app/facilitator/money'))).toEqual([
      'app/facilitator/money?period=year',
      'app/facilitator/money?period=month',
    ]);
  });

  it('says when the figures cannot be loaded, and tries again', async () => {
    let fail = true;
    routeFetch({
      ...moneyRoutes(),
      'app/facilitator/money?period=year': () =>
        fail
          ? { status: 500, body: { error: 'internal_error', message: 'Something went wrong' } }
          : { status: 200, body: buildMoney('year') },
      'app/facilitator/revenue?period=year': { status: 200, body: year },
    });
    const { user } = renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your figures.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('MRR')).toBeTruthy();
  });

  it('offers the revenue entries of the period as a CSV, named for what it holds', async () => {
    routeFetch({ ...moneyRoutes(), 'app/facilitator/revenue?period=year': { status: 200, body: year } });
    renderSection();
    await screen.findByText('MRR');
    expect(
      await screen.findByRole('button', { name: 'Download CSV of the revenue entries in the past year' }),
    ).toBeTruthy();
  });
});
