import { z } from 'zod';
import { AUTH_MESSAGES, type ResetPasswordRequest } from '@common/auth/schemas';
import { api } from '@web/api/client';
import { authFailure } from './auth-failure';

const ResetPasswordAnswer = z.object({ status: z.literal('reset') });

/** POST auth/reset-password {password, confirmPassword, token, id}: 200 {status: 'reset'}. */
export async function resetPassword(payload: ResetPasswordRequest): Promise<void> {
  let answer: unknown;
  try {
    answer = await api.call('auth/reset-password', payload);
  } catch (error) {
    throw authFailure(error, AUTH_MESSAGES.resetFailed);
  }
  if (!ResetPasswordAnswer.safeParse(answer).success) throw new Error(AUTH_MESSAGES.resetFailed);
}
