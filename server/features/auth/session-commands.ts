import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { endSession, endSessionById, endUserSessions, listSessions, resolveSession } from './sessions';

/** Settings' sign-in sessions, as commands taking the request's context (sessions.ts does the work). */

/** The signed-in user and session a token opens, within the configured lifetime; null when none. */
export const sessionOfToken = (ctx: AppContext, token: string) =>
  resolveSession(ctx.db, token, { maxDays: ctx.config.sessionMaxDays });

/** Logout: ends the session the request came with, if any. */
export async function logout(ctx: AppContext, tokenHash: string | null | undefined) {
  if (tokenHash) await endSession(ctx.db, tokenHash);
}

/** My sessions, with the device and last use of each; `currentTokenHash` marks this one. */
export const mySessions = (ctx: AppContext, userId: string, currentTokenHash: string | null) =>
  listSessions(ctx.db, userId, currentTokenHash);

/** 'Sign out other sessions': every session but this one ends; answers the sessions left. */
export async function signOutOtherSessions(ctx: AppContext, userId: string, currentTokenHash: string | null) {
  await endUserSessions(ctx.db, userId, currentTokenHash ?? undefined);
  return mySessions(ctx, userId, currentTokenHash);
}

/** Signs one of my sessions out (404 when it is not mine); answers the sessions left. */
export async function signOutSession(ctx: AppContext, userId: string, id: string, currentTokenHash: string | null) {
  if (!(await endSessionById(ctx.db, userId, id))) throw notFound('sign_in_session_not_found');
  return mySessions(ctx, userId, currentTokenHash);
}
