import { TwoFactorAnswer } from '@common/auth/schemas';
import { api } from '@web/api/client';
import { authFailure } from './auth-failure';
import { CODE_FAILED_TEXT } from './confirm-email';

/** POST auth/2fa {id, token, challenge?}: 200 {token, redirectUrl}; 400 {error} whose text is shown. */
export async function confirmLogin(
  id: string,
  code: string,
  challenge?: string,
): Promise<{ token: string; redirectUrl: string }> {
  let answer: unknown;
  try {
    answer = await api.call('auth/2fa', challenge ? { id, token: code, challenge } : { id, token: code });
  } catch (error) {
    throw authFailure(error, CODE_FAILED_TEXT);
  }
  const parsed = TwoFactorAnswer.safeParse(answer);
  if (!parsed.success) throw new Error(CODE_FAILED_TEXT);
  return parsed.data;
}
