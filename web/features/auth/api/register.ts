import { AUTH_MESSAGES, RegisterAnswer, type RegisterRequest } from '@common/auth/schemas';
import { api } from '@web/api/client';
import { authFailure } from './auth-failure';

export type Registration = { token: string; redirectToConfirm: boolean; userId?: string };

/**
 * POST auth/register. Duplicates answer 409 with `error` = email_in_use | username_in_use |
 * account_exists and the product's text for it as `message`; no token and no error is a registration failure.
 */
export async function register(payload: RegisterRequest): Promise<Registration> {
  let answer: unknown;
  try {
    answer = await api.call('auth/register', payload);
  } catch (error) {
    throw authFailure(error, AUTH_MESSAGES.registrationFailed);
  }
  const parsed = RegisterAnswer.safeParse(answer);
  const body = parsed.success ? parsed.data : {};
  if (body.error) throw new Error(AUTH_MESSAGES[body.error]);
  if (!body.token) throw new Error(AUTH_MESSAGES.registrationFailed);
  return { token: body.token, redirectToConfirm: body.redirectToConfirm === true, userId: body.userId };
}
