// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { CODE_MESSAGES } from '@common/auth/errors';
import { screen } from '@testing-library/react';
import { ConfirmEmailPage } from './confirm-email-page';
import { TwoFactorPage } from './two-factor-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { answerFetch, renderAuthPage, sentBody } from './testing/render-auth-page';

const USER_ID = '3f8f1f7e-9a55-4a53-9d2f-2a6f0f9c1b11';

resetPageBetweenTests();

const codeInput = () => screen.getByRole('textbox', { name: 'Verification code' }) as HTMLInputElement;

describe('code entry', () => {
  it('strips hyphens and dots, keeps 4 characters and asks the browser for one-time codes', async () => {
    answerFetch();
    const { user } = renderAuthPage(<TwoFactorPage />, `/2fa?u=${USER_ID}`);
    expect(screen.getByRole('heading', { name: 'Confirm Login' })).toBeTruthy();
    await user.type(codeInput(), 'ab-c.d9');
    expect(codeInput().value).toBe('ABCD');
    expect(codeInput().getAttribute('autocomplete')).toBe('one-time-code');
  });
});

describe('ConfirmEmailPage', () => {
  it("shows the server's error text for a wrong code", async () => {
    answerFetch({
      status: 400,
      statusText: 'Bad Request',
      body: { status: 'failed', error: 'email_code_invalid', message: CODE_MESSAGES.invalid },
    });
    const { user } = renderAuthPage(<ConfirmEmailPage />, `/confirm-email?u=${USER_ID}`);
    expect(screen.getByRole('heading', { name: 'Confirm your email' })).toBeTruthy();
    await user.type(codeInput(), 'AB-CD');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(CODE_MESSAGES.invalid)).toBeTruthy();
  });

  it('a confirmed code goes to rd', async () => {
    localStorage.setItem('token', 'tok-1');
    const fetchMock = answerFetch({ status: 200, body: { status: 'confirmed' } });
    const { user } = renderAuthPage(<ConfirmEmailPage />, `/confirm-email?u=${USER_ID}&rd=%2Fexplore`);
    await user.type(codeInput(), 'ab-cd');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/explore');
    expect(sentBody(fetchMock)).toEqual({ id: USER_ID, token: 'ABCD' });
  });

  it('offers to resend the code when signed in', async () => {
    localStorage.setItem('token', 'tok-1');
    const fetchMock = answerFetch({ status: 200, body: { userId: USER_ID } });
    const { user } = renderAuthPage(<ConfirmEmailPage />, `/confirm-email?u=${USER_ID}`);
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/app/send-confirm', expect.objectContaining({ method: 'GET' }));
  });
});

describe('TwoFactorPage', () => {
  it('stores the token and goes to rd', async () => {
    answerFetch({ status: 200, body: { token: 'tok-2', redirectUrl: '/' } });
    const { user } = renderAuthPage(<TwoFactorPage />, `/2fa?u=${USER_ID}&rd=%2Fnotifications`);
    await user.type(codeInput(), 'WXYZ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/notifications');
    expect(localStorage.getItem('token')).toBe('tok-2');
  });

  it("shows the server's error text", async () => {
    answerFetch({
      status: 400,
      statusText: 'Bad Request',
      body: { error: 'email_code_wrong', message: CODE_MESSAGES.wrong },
    });
    const { user } = renderAuthPage(<TwoFactorPage />, `/2fa?u=${USER_ID}`);
    await user.type(codeInput(), 'WXYZ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(CODE_MESSAGES.wrong)).toBeTruthy();
  });
});
