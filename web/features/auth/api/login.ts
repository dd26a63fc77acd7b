import { readLoginAnswer } from '@common/auth/login-checks';
import type { LoginRequest } from '@common/auth/login-schemas';
import { AUTH_MESSAGES } from '@common/auth/messages';
import { api } from '@web/api/client';
import { authFailure } from './auth-failure';

export type LoginOutcome =
  | { kind: 'twoFactor'; userId: string; method: 'email' | 'app'; challenge?: string }
  | { kind: 'signedIn'; token: string; redirectUrl?: string };

/**
 * POST auth/login. Wrong credentials answer 401, which the client turns into "nothing"; any answer
 * without a token and without a two-factor request is the catalogue's login failure.
 */
export async function login(payload: LoginRequest): Promise<LoginOutcome> {
  let answer: unknown;
  try {
    answer = await api.call('auth/login', payload);
  } catch (error) {
    throw authFailure(error, AUTH_MESSAGES.loginFailed);
  }
  const body = readLoginAnswer(answer) ?? {};
  if (body.redirectToTwoFactor && body.userId) {
    return { kind: 'twoFactor', userId: body.userId, method: body.method ?? 'email', challenge: body.challenge };
  }
  if (body.token) return { kind: 'signedIn', token: body.token, redirectUrl: body.redirectUrl };
  throw new Error(AUTH_MESSAGES.loginFailed);
}
