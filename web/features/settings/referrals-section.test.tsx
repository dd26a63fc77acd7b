// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyReferralsAnswer } from '@common/referrals/schemas';
import { renderPage } from '@web/testing/render-page';
import { routeFetch } from '@web/testing/route-fetch';
import { ReferralsSection } from './referrals-section';
import { REFERRALS_TEXTS } from './settings-texts';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ID = 'a1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';
const answer = (counts: Partial<MyReferralsAnswer> = {}): MyReferralsAnswer => ({
  code: ID,
  link: `https://tend.example/register?r=${ID}`,
  signedUp: 0,
  paid: 0,
  ...counts,
});
const renderSection = (isFacilitator = false) =>
  renderPage(<ReferralsSection isFacilitator={isFacilitator} />, { path: '/settings' });

describe('Settings: referrals', () => {
  it('shows my link, copies it, and says nobody has signed up yet', async () => {
    routeFetch({ 'GET app/referrals': { status: 200, body: answer() } });
    const { user } = renderSection();
    const link = (await screen.findByRole('textbox', { name: REFERRALS_TEXTS.linkLabel })) as HTMLInputElement;
    expect(link.value).toBe(`https://tend.example/register?r=${ID}`);
    expect(link.readOnly).toBe(true);
    expect(screen.getByText(REFERRALS_TEXTS.none)).toBeTruthy();
    // a member has no profile link to share
    expect(screen.queryByRole('textbox', { name: REFERRALS_TEXTS.profileLinkLabel })).toBeNull();

    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy your referral link' }));
    expect(writeText).toHaveBeenCalledWith(`https://tend.example/register?r=${ID}`);
  });

  it('lists the rewards I earned: an unused one links to the plan with its code, a used one says so', async () => {
    const reward = {
      id: ID,
      grantedAt: '2026-03-20T12:00:00.000Z',
      code: 'THANKS',
      discount: '25% off the first payment',
      tierName: 'Deep',
      facilitator: { id: 'm1', name: 'Maya' },
      link: '/profile/m1?offer=THANKS',
      redeemed: false,
    };
    routeFetch({
      'GET app/referrals': {
        status: 200,
        body: answer({
          signedUp: 2,
          paid: 2,
          rewards: [reward, { ...reward, id: 'b1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f', code: 'OLD', redeemed: true }],
        }),
      },
    });
    renderSection();
    const list = await screen.findByRole('region', { name: REFERRALS_TEXTS.rewardsTitle });
    expect(list.textContent).toContain('THANKS · 25% off the first payment from Maya, for Deep');
    expect(screen.getByRole('link', { name: 'Use it: THANKS' }).getAttribute('href')).toBe('/profile/m1?offer=THANKS');
    expect(screen.queryByRole('link', { name: 'Use it: OLD' })).toBeNull();
    expect(screen.getByText(REFERRALS_TEXTS.rewardUsed)).toBeTruthy();
  });

  it('counts the people who signed up and paid', async () => {
    routeFetch({ 'GET app/referrals': { status: 200, body: answer({ signedUp: 3, paid: 1 }) } });
    renderSection();
    expect(await screen.findByLabelText('3 people signed up')).toBeTruthy();
    expect(screen.getByLabelText('1 of them paid')).toBeTruthy();
  });

  it("gives a facilitator their profile's address with the same code", async () => {
    routeFetch({ 'GET app/referrals': { status: 200, body: answer() } });
    renderSection(true);
    const profile = (await screen.findByRole('textbox', {
      name: REFERRALS_TEXTS.profileLinkLabel,
    })) as HTMLInputElement;
    expect(profile.value).toBe(`https://tend.example/profile/${ID}?r=${ID}`);
  });

  it('says so when they cannot be loaded', async () => {
    routeFetch({ 'GET app/referrals': { status: 500, body: { error: 'internal_error' } } });
    renderSection();
    expect(await screen.findByText(REFERRALS_TEXTS.loadFailed, {}, { timeout: 5000 })).toBeTruthy();
  });
});
