// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { TwoFactorPage } from './two-factor-page';
import { keepChallenge } from './sign-in-challenge';
import { answerFetch, renderAuthPage, sentBody } from './testing/render-auth-page';

const USER_ID = '3f8f1f7e-9a55-4a53-9d2f-2a6f0f9c1b11';
const CHALLENGE = 'k'.repeat(43);
const URL = `/2fa?u=${USER_ID}&rd=%2Fnotifications&m=app`;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/2fa');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('TwoFactorPage with an authenticator app', () => {
  it('sends the app code with the kept challenge, stores the token and goes to rd', async () => {
    keepChallenge(USER_ID, CHALLENGE);
    const fetchMock = answerFetch({ status: 200, body: { token: 'tok-app', redirectUrl: '/dashboard' } });
    const { user } = renderAuthPage(<TwoFactorPage />, URL);
    expect(screen.getByRole('heading', { name: 'Code from your authenticator app' })).toBeTruthy();
    const field = screen.getByRole('textbox', { name: /Code from your authenticator app/ });
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(document.activeElement).toBe(field);
    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/notifications');
    expect(localStorage.getItem('token')).toBe('tok-app');
    expect(sentBody(fetchMock)).toEqual({ id: USER_ID, challenge: CHALLENGE, code: '123456' });
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/auth/2fa/app');
    expect(sessionStorage.getItem('tend.signInChallenge')).toBeNull();
  });

  it('says what is wrong with a short code before sending anything', async () => {
    keepChallenge(USER_ID, CHALLENGE);
    const fetchMock = answerFetch();
    const { user } = renderAuthPage(<TwoFactorPage />, URL);
    await user.type(screen.getByRole('textbox', { name: /Code from your authenticator app/ }), '12345');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Enter the 6-digit code from your app')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message for a wrong code and lets me retry", async () => {
    keepChallenge(USER_ID, CHALLENGE);
    answerFetch({ status: 400, body: { error: 'invalid_code', message: 'That code did not work.' } });
    const { user } = renderAuthPage(<TwoFactorPage />, URL);
    await user.type(screen.getByRole('textbox', { name: /Code from your authenticator app/ }), '000000');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toContain('That code did not work.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('switches to a recovery code and sends it', async () => {
    keepChallenge(USER_ID, CHALLENGE);
    const fetchMock = answerFetch({ status: 200, body: { token: 'tok-rec', redirectUrl: '/dashboard' } });
    const { user } = renderAuthPage(<TwoFactorPage />, `/2fa?u=${USER_ID}&m=app`);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.getByRole('heading', { name: 'Use a recovery code' })).toBeTruthy();
    const field = screen.getByRole('textbox', { name: /Recovery code/ });
    expect(document.activeElement).toBe(field);
    await user.type(field, 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    expect(sentBody(fetchMock)).toEqual({ id: USER_ID, challenge: CHALLENGE, code: 'ABCDE12345' });
    expect(screen.queryByRole('button', { name: 'Use the code from your app instead' })).toBeNull();
  });

  it('an expired challenge says to sign in again, with a link to /login', async () => {
    keepChallenge(USER_ID, CHALLENGE);
    answerFetch({ status: 400, body: { error: 'challenge_expired', message: 'Expired' } });
    const { user } = renderAuthPage(<TwoFactorPage />, URL);
    await user.type(screen.getByRole('textbox', { name: /Code from your authenticator app/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your sign-in expired. Please sign in again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe('/login');
    expect(sessionStorage.getItem('tend.signInChallenge')).toBeNull();
  });

  it('without a kept challenge (another tab, a reload after it was spent) asks to sign in again', () => {
    answerFetch();
    renderAuthPage(<TwoFactorPage />, URL);
    expect(screen.getByText('Your sign-in expired. Please sign in again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe('/login');
  });
});
