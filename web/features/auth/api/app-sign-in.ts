import { type AppSignInRequest, TwoFactorAnswer } from '@common/auth/schemas';
import { ApiError, api } from '@web/api/client';
import { authFailure } from './auth-failure';

export const APP_CODE_FAILED_TEXT = 'That code did not work. Check your app and try again.';
export const SIGN_IN_EXPIRED_TEXT = 'Your sign-in expired. Please sign in again.';

/** The challenge from the password step is spent or older than 10 minutes: only a new sign-in helps. */
export class SignInExpiredError extends Error {
  constructor() {
    super(SIGN_IN_EXPIRED_TEXT);
    this.name = 'SignInExpiredError';
  }
}

/**
 * POST auth/2fa/app {id, challenge, code}: 200 {token, redirectUrl} like POST auth/2fa;
 * 400 {error, message}, where error 'challenge_expired' means signing in again.
 */
export async function confirmAppSignIn(request: AppSignInRequest): Promise<{ token: string; redirectUrl: string }> {
  let answer: unknown;
  try {
    answer = await api.call('auth/2fa/app', request);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'challenge_expired') throw new SignInExpiredError();
    throw authFailure(error, APP_CODE_FAILED_TEXT);
  }
  const parsed = TwoFactorAnswer.safeParse(answer);
  if (!parsed.success) throw new Error(APP_CODE_FAILED_TEXT);
  return parsed.data;
}
