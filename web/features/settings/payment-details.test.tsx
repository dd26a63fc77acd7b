// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { paymentRedirect } from './api/payment-links';
import { buildProfile, renderSettings, routeFetch } from './testing/settings-fixtures';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SettingsPage payment details', () => {
  it('members add payment details, or manage them in the billing portal that returns to settings', async () => {
    routeFetch({ 'GET app/profile': { status: 200, body: buildProfile({ hasPaymentDetails: false }) } });
    renderSettings();
    expect(await screen.findByRole('button', { name: 'Add payment details' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage payment details' })).toBeNull();
    cleanup();

    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    routeFetch({
      'GET app/profile': { status: 200, body: buildProfile({ hasPaymentDetails: true }) },
      'GET app/stripe-billing-portal?rd=settings': { status: 200, body: { url: 'https://billing.example/session' } },
    });
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Manage payment details' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('https://billing.example/session'));
  });

  it.each([
    ['not_linked', 'Link Bank Account', 'GET app/link-facilitator-bank-account'],
    ['incomplete', 'Finish Linking Payment Details', 'GET app/link-facilitator-bank-account'],
    ['linked', 'Manage Payment Details', 'GET app/stripe-login-link'],
  ] as const)('facilitators with payouts %s see %s', async (payoutStatus, label, call) => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    routeFetch({
      'GET app/profile': { status: 200, body: buildProfile({ isFacilitator: true, payoutStatus }) },
      [call]: { status: 200, body: { url: `https://connect.example/${payoutStatus}` } },
    });
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: label }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith(`https://connect.example/${payoutStatus}`));
    expect(screen.queryByRole('button', { name: /payment details$/ })).toBeNull();
  });
});
