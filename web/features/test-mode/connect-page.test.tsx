// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { TestConnectPage } from './connect-page';
import { ORIGIN, routeFetch, sentTo, stubPageLoads } from './testing/test-mode-fixtures';

resetPageBetweenTests({ token: 'session-token' });

const renderConnect = (search: string) =>
  renderPage(<TestConnectPage />, { path: '/test-mode/connect', url: `/test-mode/connect${search}` });

describe('TestConnectPage', () => {
  it('completes the simulated linking and goes back to the return address', async () => {
    const assign = stubPageLoads();
    const fetchMock = routeFetch({ 'POST test-mode/connect/complete': { status: 200, body: { status: 'linked' } } });
    const { user } = renderConnect(`?return=${encodeURIComponent(`${ORIGIN}/settings`)}`);
    await user.click(screen.getByRole('button', { name: 'Complete linking' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/settings'));
    expect(sentTo(fetchMock, 'POST test-mode/connect/complete')).toHaveLength(1);
  });

  it('goes to the dashboard when the return address is on another site', async () => {
    const assign = stubPageLoads();
    routeFetch({ 'POST test-mode/connect/complete': { status: 200, body: { status: 'linked' } } });
    const { user } = renderConnect('?return=https%3A%2F%2Fevil.example%2F');
    await user.click(screen.getByRole('button', { name: 'Complete linking' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
  });

  it("shows the server's reason when linking cannot complete", async () => {
    const assign = stubPageLoads();
    routeFetch({
      'POST test-mode/connect/complete': {
        status: 400,
        body: { error: 'checkout_closed', message: 'Start linking from Settings first' },
      },
    });
    const { user } = renderConnect('');
    await user.click(screen.getByRole('button', { name: 'Complete linking' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Start linking from Settings first');
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the test-mode payouts note for ?dashboard=1', () => {
    stubPageLoads();
    routeFetch({});
    renderConnect('?dashboard=1');
    expect(screen.getByRole('heading', { name: 'Payouts dashboard (test mode)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Complete linking' })).toBeNull();
  });
});
