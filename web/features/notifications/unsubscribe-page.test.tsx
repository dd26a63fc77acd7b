// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderPage } from '@web/testing/render-page';
import { routeFetch, sentTo } from '@web/testing/route-fetch';
import { UnsubscribePage } from './unsubscribe-page';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TOKEN = 'dXNlcjpjb21tZW50.c2lnbmF0dXJl';
const open = (url: string) => renderPage(<UnsubscribePage />, { path: '/unsubscribe', url });

describe('/unsubscribe (one-click link of a notification mail)', () => {
  it('turns the type off as it opens, says which, and links to the email settings', async () => {
    const fetchMock = routeFetch({
      [`POST unsubscribe?token=${encodeURIComponent(TOKEN)}`]: {
        status: 200,
        body: { type: 'comment', label: 'Comments and replies on your posts', frequency: 'off' },
      },
    });
    open(`/unsubscribe?token=${encodeURIComponent(TOKEN)}`);
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeTruthy();
    expect(screen.getByText('You will no longer get emails about comments and replies on your posts.')).toBeTruthy();
    // signed out: through the sign-in page, which then opens the section
    const settings = screen.getByRole('link', { name: 'Choose which emails you get' });
    expect(settings.getAttribute('href')).toBe('/login?rd=%2Fsettings%23email-notifications');
    expect(sentTo(fetchMock, `POST unsubscribe?token=${encodeURIComponent(TOKEN)}`)).toHaveLength(1);
  });

  it('links straight to the email settings when signed in', async () => {
    localStorage.setItem('token', 'a-session-token-of-forty-characters-000');
    try {
      routeFetch(
        {
          'POST unsubscribe': {
            status: 200,
            body: { type: 'heart', label: 'Hearts on your posts', frequency: 'off' },
          },
          'GET auth/whoami': { status: 200, body: { isLoggedIn: true, streak: 2, _id: 'u1', userType: 'user' } },
        },
        { ignoreQuery: true },
      );
      open(`/unsubscribe?token=${TOKEN}`);
      expect(await screen.findByText('You will no longer get emails about hearts on your posts.')).toBeTruthy();
      await vi.waitFor(() =>
        expect(screen.getByRole('link', { name: 'Choose which emails you get' }).getAttribute('href')).toBe(
          '/settings#email-notifications',
        ),
      );
    } finally {
      localStorage.removeItem('token');
    }
  });

  it('says a forged or damaged link does not work', async () => {
    routeFetch(
      {
        'POST unsubscribe': {
          status: 400,
          body: { error: 'invalid_unsubscribe_link', message: 'This unsubscribe link is not valid.' },
        },
      },
      { ignoreQuery: true },
    );
    open('/unsubscribe?token=forged');
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/This unsubscribe link is not valid/);
    expect(screen.getByRole('link', { name: 'Choose which emails you get' })).toBeTruthy();
  });

  it('says the link does not work when it has no token, without calling the server', async () => {
    const fetchMock = routeFetch({});
    open('/unsubscribe');
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers to try again when the server cannot be reached', async () => {
    routeFetch({ 'POST unsubscribe': { status: 503, body: { error: 'database_unavailable' } } }, { ignoreQuery: true });
    open(`/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByText(/We could not unsubscribe you just now/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
