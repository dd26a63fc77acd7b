import type { RequestResetRequest } from '@common/auth/schemas';
import { api } from '@web/api/client';
import { authFailure } from './auth-failure';

export const REQUEST_RESET_FAILED_TEXT = 'We could not send the reset link. Please try again.';

/** POST auth/request-token {email, confirmEmail}: answers alike whether or not the account exists. */
export async function requestReset(payload: RequestResetRequest): Promise<void> {
  try {
    await api.call('auth/request-token', payload);
  } catch (error) {
    throw authFailure(error, REQUEST_RESET_FAILED_TEXT);
  }
}
