// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeFetch, sentTo } from '@web/testing/route-fetch';
import { renderPage } from '@web/testing/render-page';
import { GiftClaimPage } from './gift-claim-page';

const TOKEN = 'a-claim-token-of-enough-length-0000000000';
const VIEW = {
  tier: { _id: 't1', name: 'Deep Practice', description: 'Daily practice.' },
  facilitator: { _id: 'f1', name: 'Maya' },
  from: 'Ana',
  message: 'Happy birthday!',
  months: 3,
  state: 'claimable',
};
const render = () => renderPage(<GiftClaimPage />, { path: '/gift/:token', url: `/gift/${TOKEN}` });

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  localStorage.removeItem('token');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the gift claim page', () => {
  it('shows the gift to a visitor and offers to register or sign in, coming back here', async () => {
    const fetchMock = routeFetch({ 'POST gifts/view': { status: 200, body: VIEW } });
    render();
    expect(await screen.findByText('3 months of Deep Practice by Maya')).toBeTruthy();
    expect(screen.getByText('From Ana')).toBeTruthy();
    expect(screen.getByText('Happy birthday!')).toBeTruthy();
    expect(sentTo(fetchMock, 'POST gifts/view')[0]).toEqual({ token: TOKEN });
    const back = encodeURIComponent(`/gift/${TOKEN}`);
    expect(screen.getByRole('link', { name: 'Create an account to claim' }).getAttribute('href')).toBe(
      `/register?rd=${back}`,
    );
    expect(screen.getByRole('link', { name: 'Sign in to claim' }).getAttribute('href')).toBe(`/login?rd=${back}`);
  });

  it('claims it signed in and says until when', async () => {
    localStorage.setItem('token', 'a-session-token-of-forty-characters-000');
    const fetchMock = routeFetch(
      {
        'POST gifts/view': { status: 200, body: VIEW },
        'GET auth/whoami': { status: 200, body: { isLoggedIn: true, streak: 2, _id: 'u1', userType: 'user' } },
        'POST app/gifts/claim': {
          status: 200,
          body: { tierId: 't1', facilitatorId: 'f1', endsAt: '2027-03-07T10:00:00.000Z' },
        },
      },
      { ignoreQuery: true },
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Claim your gift' }));
    expect(await screen.findByText('Your gift is yours')).toBeTruthy();
    expect(screen.getByText(/You have access until 03\/0[67]\/2027/)).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/gifts/claim', { ignoreQuery: true })[0]).toEqual({ token: TOKEN });
  });

  it('says when the gift was claimed already, and when the link does not work', async () => {
    routeFetch({ 'POST gifts/view': { status: 200, body: { ...VIEW, state: 'claimed' } } });
    render();
    expect(await screen.findByText('This gift has already been claimed.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in to claim' })).toBeNull();
    cleanup();
    routeFetch({ 'POST gifts/view': { status: 404, body: { error: 'gift_link_invalid', message: 'Not valid' } } });
    render();
    expect(await screen.findByText('This gift link does not work')).toBeTruthy();
  });
});
