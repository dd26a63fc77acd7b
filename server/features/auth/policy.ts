import type { FastifyRequest } from 'fastify';
import type { User } from '../../db/schema';
import { authorize, signInFirst } from '../../platform/authorize';

/** Who is asking: a signed-in account, or null for a visitor. */
export type Actor = Pick<User, 'id' | 'isAdmin' | 'emailConfirmed'> | null;

/**
 * The account rules every feature builds on: each exists once here and is deny-by-default; the
 * route guards below apply them.
 */
/** Member areas (app/…): signed-in accounts only. */
export const canUseApp = (actor: Actor): actor is NonNullable<Actor> => actor !== null;

/** Admin routes: admins only. */
export const canAdminister = (actor: Actor): boolean => actor?.isAdmin === true;

/** Things that reach other people (uploads, two-factor sign-in): a confirmed email address first. */
export const hasConfirmedEmail = (actor: Actor): boolean => actor?.emailConfirmed === true;

/** Two-factor sign-in by mailed code: only for an account whose email is confirmed (the codes go there). */
export const canEnableTwoFactor = (account: Pick<User, 'emailConfirmed'>): boolean => account.emailConfirmed === true;

/** 401 unless signed in. */
export function requireUser(req: FastifyRequest): User {
  const user = req.user;
  authorize(canUseApp(user), signInFirst);
  return user;
}
