// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { AUTH_MESSAGES } from '@common/auth/schemas';
import { LoginPage } from './login-page';
import { answerFetch, renderAuthPage, sentBody } from './testing/render-auth-page';

const USER_ID = '3f8f1f7e-9a55-4a53-9d2f-2a6f0f9c1b11';

beforeEach(() => {
  localStorage.clear();
  // The client sends a 401 to /login; being there already, it stays.
  window.history.replaceState(null, '', '/login');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function signIn(url: string) {
  const { user } = renderAuthPage(<LoginPage />, url);
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.test');
  await user.type(screen.getByLabelText('Password'), 'correct-horse');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('wrong details (401) show the catalogue text', async () => {
    answerFetch({ status: 401, statusText: 'Unauthorized', body: { error: 'unauthorized' } });
    await signIn('/login');
    expect(await screen.findByText(AUTH_MESSAGES.loginFailed)).toBeTruthy();
  });

  it('stores the token and goes to a safe rd', async () => {
    const fetchMock = answerFetch({ status: 200, body: { token: 'tok-1', redirectUrl: '/dashboard' } });
    await signIn('/login?rd=%2Fnotifications');
    expect((await screen.findByTestId('location')).textContent).toBe('/notifications');
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(sentBody(fetchMock)).toEqual({ user: { email: 'ada@example.test', password: 'correct-horse' } });
  });

  it('ignores an rd that leaves the site and uses the server redirect', async () => {
    answerFetch({ status: 200, body: { token: 'tok-1', redirectUrl: '/dashboard' } });
    await signIn('/login?rd=%2F%2Fevil.example');
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
  });

  it('asks for the second factor at /2fa with the user id and rd', async () => {
    answerFetch({ status: 200, body: { redirectToTwoFactor: true, userId: USER_ID } });
    await signIn('/login?rd=%2Fnotifications');
    expect((await screen.findByTestId('location')).textContent).toBe(`/2fa?u=${USER_ID}&rd=%2Fnotifications`);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('asks for the app code at /2fa with m=app, keeping the challenge for the second step', async () => {
    answerFetch({
      status: 200,
      body: { redirectToTwoFactor: true, userId: USER_ID, method: 'app', challenge: 'c'.repeat(40) },
    });
    await signIn('/login?rd=%2Fnotifications');
    expect((await screen.findByTestId('location')).textContent).toBe(`/2fa?u=${USER_ID}&rd=%2Fnotifications&m=app`);
    expect(JSON.parse(sessionStorage.getItem('tend.signInChallenge') ?? '{}')).toEqual({
      userId: USER_ID,
      challenge: 'c'.repeat(40),
    });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("shows a rate limit's own message", async () => {
    answerFetch({
      status: 429,
      statusText: 'Too Many Requests',
      body: { error: 'too_many_requests', message: 'Too many attempts. Try again in 15 minutes.' },
    });
    await signIn('/login');
    expect(await screen.findByText('Too many attempts. Try again in 15 minutes.')).toBeTruthy();
  });

  it('checks the two fields as the server schema does, without sending anything', async () => {
    const fetchMock = answerFetch();
    const { user } = renderAuthPage(<LoginPage />, '/login');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the email trimmed and in lower case, as LoginRequest passes it on', async () => {
    const fetchMock = answerFetch({ status: 200, body: { token: 'tok-1' } });
    const { user } = renderAuthPage(<LoginPage />, '/login');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), '  Ada@Example.TEST ');
    await user.type(screen.getByLabelText('Password'), ' pass word ');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByTestId('location');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toEqual({ user: { email: 'ada@example.test', password: ' pass word ' } });
  });

  it('links to registration (keeping rd) and to the reset request', () => {
    renderAuthPage(<LoginPage />, '/login?rd=%2Fnotifications');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register?rd=%2Fnotifications');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/request-reset');
  });
});
