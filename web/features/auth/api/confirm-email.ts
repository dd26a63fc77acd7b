import { ConfirmAnswer } from '@common/auth/schemas';
import { api } from '@web/api/client';
import { authFailure } from './auth-failure';

export const CODE_FAILED_TEXT = 'That code did not work. Check it and try again, or send a new one.';

/** POST auth/confirm {id, token}: 200 {status: 'confirmed'}, or 400 {status: 'failed', error} (shown). */
export async function confirmEmail(id: string, code: string): Promise<void> {
  let answer: unknown;
  try {
    answer = await api.call('auth/confirm', { id, token: code });
  } catch (error) {
    throw authFailure(error, CODE_FAILED_TEXT);
  }
  const parsed = ConfirmAnswer.safeParse(answer);
  if (parsed.success && parsed.data.status === 'confirmed') return;
  throw new Error((parsed.success && parsed.data.error) || CODE_FAILED_TEXT);
}
