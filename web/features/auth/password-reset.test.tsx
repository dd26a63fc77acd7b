// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { AUTH_MESSAGES } from '@common/auth/schemas';
import { PasswordResetPage } from './password-reset-page';
import { RequestResetPage } from './request-reset-page';
import { answerFetch, renderAuthPage, sentBody } from './testing/render-auth-page';

const USER_ID = '3f8f1f7e-9a55-4a53-9d2f-2a6f0f9c1b11';
const RESET_URL = `/passwordReset?token=reset-token-0123456789&id=${USER_ID}`;

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const isDisabled = (name: string) => (screen.getByRole('button', { name }) as HTMLButtonElement).disabled;

describe('RequestResetPage', () => {
  it("enables 'Send reset link' only for two equal emails, then says the instructions were sent", async () => {
    const fetchMock = answerFetch({ status: 200, body: {} });
    const { user } = renderAuthPage(<RequestResetPage />, '/request-reset');
    expect(isDisabled('Send reset link')).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.test');
    expect(isDisabled('Send reset link')).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Confirm Email' }), 'ada@example.tes');
    expect(isDisabled('Send reset link')).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Confirm Email' }), 't');
    expect(isDisabled('Send reset link')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Instructions for Password Reset Sent!' })).toBeTruthy();
    expect(screen.getByText(/within 5 minutes/).textContent).toMatch(/spam/);
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
    expect(sentBody(fetchMock)).toEqual({ email: 'ada@example.test', confirmEmail: 'ada@example.test' });
  });
});

describe('PasswordResetPage', () => {
  async function choose(password: string, confirmPassword: string) {
    const { user } = renderAuthPage(<PasswordResetPage />, RESET_URL);
    expect(isDisabled('Reset password')).toBe(true);
    await user.type(screen.getByLabelText('Password'), password);
    await user.type(screen.getByLabelText('Confirm Password'), confirmPassword);
    return user;
  }

  it('enables the button only for two equal passwords and confirms the reset', async () => {
    const fetchMock = answerFetch({ status: 200, body: { status: 'reset' } });
    const user = await choose('fresh-willow-bench-64', 'fresh-willow-bench-6');
    expect(isDisabled('Reset password')).toBe(true);
    await user.type(screen.getByLabelText('Confirm Password'), '4');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')).toBe('/login');
    expect(sentBody(fetchMock)).toEqual({
      password: 'fresh-willow-bench-64',
      confirmPassword: 'fresh-willow-bench-64',
      token: 'reset-token-0123456789',
      id: USER_ID,
    });
  });

  it('a failed reset shows the catalogue text', async () => {
    answerFetch({
      status: 400,
      statusText: 'Bad Request',
      body: { error: 'invalid_token', message: AUTH_MESSAGES.resetFailed },
    });
    const user = await choose('fresh-willow-bench-64', 'fresh-willow-bench-64');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(AUTH_MESSAGES.resetFailed)).toBeTruthy();
  });

  it('explains an incomplete link', () => {
    renderAuthPage(<PasswordResetPage />, '/passwordReset');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/request-reset');
  });
});
