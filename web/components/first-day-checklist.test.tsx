// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderPage } from '@web/testing/render-page';
import { routeFetch } from '@web/testing/route-fetch';
import { FirstDayChecklist } from './first-day-checklist';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const FIRST_DAY = 'GET app/facilitator/first-day';

describe('FirstDayChecklist', () => {
  it('lists the four steps, ticks off the done ones and points at the next', async () => {
    routeFetch({
      [FIRST_DAY]: { status: 200, body: { payouts: 'not_linked', tiers: 1, content: 0, publishedTiers: 0 } },
    });
    renderPage(<FirstDayChecklist />);
    const list = await screen.findByRole('region', { name: 'Your first steps' });
    expect(list.textContent).toContain('1 of 4 done');
    const steps = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(steps[0]).toContain('Link your payouts');
    expect(steps[1]).toContain('Create your first tier: done');
    expect(steps[2]).toContain('Add your first content');
    expect(steps[3]).toContain('Publish a tier');
    // a done step offers no action
    expect(within(list).queryByRole('link', { name: /Create your first tier/ })).toBeNull();
    expect(within(list).getByRole('link', { name: 'Link your payouts' }).getAttribute('href')).toBe('/settings');
    expect(within(list).getByRole('link', { name: 'Add your first content' }).getAttribute('href')).toBe(
      '/program/content/new',
    );
  });

  it('says when payout details are incomplete', async () => {
    routeFetch({
      [FIRST_DAY]: { status: 200, body: { payouts: 'incomplete', tiers: 0, content: 0, publishedTiers: 0 } },
    });
    renderPage(<FirstDayChecklist />);
    expect(await screen.findByText('A few payment details are still missing: finish them in Settings.')).toBeTruthy();
  });

  it('goes away once every step is done', async () => {
    const fetchMock = routeFetch({
      [FIRST_DAY]: { status: 200, body: { payouts: 'linked', tiers: 2, content: 5, publishedTiers: 1 } },
    });
    renderPage(<FirstDayChecklist />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Your first steps' })).toBeNull();
  });
});
