// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SessionCreditsPanel } from './session-credits-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const credit = {
  subscriptionId: 's1',
  tierId: 't1',
  tierName: 'Live practice',
  facilitator: { _id: 'f1', name: 'Maya Host', profilePicture: null },
  perPeriod: 2,
  left: 1,
  period: 'month',
  renewsAt: '2027-03-10T00:00:00.000Z',
  rollOver: false,
};

function renderWith(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionCreditsPanel />
    </QueryClientProvider>,
  );
}

describe('My Subscriptions: session credits', () => {
  it('says how many credits are left this period for each tier that includes some', async () => {
    renderWith([credit]);
    expect(await screen.findByRole('heading', { name: 'Live session credits' })).toBeTruthy();
    expect(screen.getByText(/1 of 2 session credits left this month/)).toBeTruthy();
  });

  it('shows nothing for a member whose tiers include none', async () => {
    const { container } = renderWith([]);
    await vi.waitFor(() => expect(container.textContent).toBe(''));
  });
});
