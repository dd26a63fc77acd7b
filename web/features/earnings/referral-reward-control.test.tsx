// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { ReferralRewardAnswer } from '@common/referrals/schemas';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { REFERRAL_REWARD_TEXTS as T, ReferralRewardControl } from './referral-reward-control';
import { routeFetch } from './testing/earnings-fixtures';

resetPageBetweenTests({ token: 'session-token' });

const offerId = 'a1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';
const answer = (chosen: string | null): ReferralRewardAnswer => ({
  offerId: chosen,
  choices: [{ id: offerId, code: 'THANKS', tierName: 'Deep', discount: '25% off the first payment' }],
});
const renderControl = () => renderPage(<ReferralRewardControl />, { path: '/dashboard' });

describe("the facilitator's referral reward", () => {
  it('is a labelled choice among my active offers, saved as I pick one', async () => {
    const answers = [answer(null), answer(offerId)];
    const fetchMock = routeFetch({ 'app/facilitator/referral-reward': () => ({ status: 200, body: answers.shift() }) });
    const { user } = renderControl();
    const select = await screen.findByRole('combobox', { name: T.label });
    expect((select as HTMLSelectElement).value).toBe('');
    await user.selectOptions(select, 'THANKS · 25% off the first payment · Deep');
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe(offerId));
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit | undefined][];
    const put = calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put![1]!.body))).toEqual({ offerId });
  });

  it('says how to get offers when there are none, and when it cannot load', async () => {
    routeFetch({ 'app/facilitator/referral-reward': { status: 200, body: { offerId: null, choices: [] } } });
    renderControl();
    expect(await screen.findByText(T.noOffers)).toBeTruthy();
  });

  it('says so when it cannot be loaded', async () => {
    routeFetch({ 'app/facilitator/referral-reward': { status: 500, body: { error: 'internal_error' } } });
    renderControl();
    expect(await screen.findByText(T.loadFailed, {}, { timeout: 5000 })).toBeTruthy();
  });
});
