// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { AUTH_MESSAGES } from '@common/auth/schemas';
import { RegisterPage } from './register-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { answerFetch, renderAuthPage, sentBody } from './testing/render-auth-page';

const USER_ID = '3f8f1f7e-9a55-4a53-9d2f-2a6f0f9c1b11';

resetPageBetweenTests();

async function fillIn(user: ReturnType<typeof renderAuthPage>['user']) {
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Nova Member');
  await user.type(screen.getByRole('textbox', { name: 'Username' }), 'nova');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'Nova@Example.test');
  await user.type(screen.getByLabelText('Password'), 'gentle-cedar-path-81');
  await user.type(screen.getByLabelText('Confirm Password'), 'gentle-cedar-path-81');
  await user.click(screen.getByRole('radio', { name: 'User' }));
  await user.click(screen.getByRole('checkbox', { name: /terms of service/ }));
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('RegisterPage', () => {
  it('shows the catalogue text when the server answers 409 email_in_use', async () => {
    const fetchMock = answerFetch({
      status: 409,
      statusText: 'Conflict',
      body: { error: 'email_in_use', message: AUTH_MESSAGES.email_in_use },
    });
    const { user } = renderAuthPage(<RegisterPage />, '/register?r=friend&c=web');
    await fillIn(user);
    expect(await screen.findByText(AUTH_MESSAGES.email_in_use)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/register');
    expect(sentBody(fetchMock)).toEqual({
      user: {
        name: 'Nova Member',
        username: 'nova',
        email: 'nova@example.test',
        password: 'gentle-cedar-path-81',
        confirmPassword: 'gentle-cedar-path-81',
        isFacilitator: false,
        tos: true,
      },
      metaData: { ref: 'friend', client: 'web' },
    });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('sends the first referral code this browser saw within 30 days, not the one in the address', async () => {
    localStorage.setItem('tend.referral', JSON.stringify({ code: 'first-friend', at: Date.now() - 86_400_000 }));
    const fetchMock = answerFetch({
      status: 409,
      statusText: 'Conflict',
      body: { error: 'email_in_use', message: AUTH_MESSAGES.email_in_use },
    });
    const { user } = renderAuthPage(<RegisterPage />, '/register?r=later-friend');
    await fillIn(user);
    await screen.findByText(AUTH_MESSAGES.email_in_use);
    expect((sentBody(fetchMock) as { metaData: unknown }).metaData).toEqual({ ref: 'first-friend' });
  });

  it.each([
    ['username_in_use', AUTH_MESSAGES.username_in_use],
    ['account_exists', AUTH_MESSAGES.account_exists],
  ])('maps 409 %s to its catalogue text', async (code, text) => {
    answerFetch({ status: 409, statusText: 'Conflict', body: { error: code, message: text } });
    const { user } = renderAuthPage(<RegisterPage />, '/register');
    await fillIn(user);
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('an answer without a token and without an error is a registration failure', async () => {
    answerFetch({ status: 200, body: {} });
    const { user } = renderAuthPage(<RegisterPage />, '/register');
    await fillIn(user);
    expect(await screen.findByText(AUTH_MESSAGES.registrationFailed)).toBeTruthy();
  });

  it("shows a rate limit's own message", async () => {
    answerFetch({
      status: 429,
      statusText: 'Too Many Requests',
      body: { error: 'too_many_requests', message: 'Too many sign-ups. Try again in a minute.' },
    });
    const { user } = renderAuthPage(<RegisterPage />, '/register');
    await fillIn(user);
    expect(await screen.findByText('Too many sign-ups. Try again in a minute.')).toBeTruthy();
  });

  it('stores the token and goes to /confirm-email with the user id and rd', async () => {
    answerFetch({ status: 200, body: { token: 'tok-123', redirectToConfirm: true, userId: USER_ID } });
    const { user } = renderAuthPage(<RegisterPage />, '/register?rd=%2Fgroup%2F42');
    await fillIn(user);
    expect((await screen.findByTestId('location')).textContent).toBe(`/confirm-email?u=${USER_ID}&rd=%2Fgroup%2F42`);
    expect(localStorage.getItem('token')).toBe('tok-123');
  });

  it('validates while typing: mismatched passwords show at once', async () => {
    answerFetch();
    const { user } = renderAuthPage(<RegisterPage />, '/register');
    await user.type(screen.getByLabelText('Password'), 'gentle-cedar-path-81');
    await user.type(screen.getByLabelText('Confirm Password'), 'gentle');
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
  });
});
