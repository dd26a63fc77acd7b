import type { FastifyRequest } from 'fastify';
import type { User } from '../../db/schema';
import { authorize } from '../../platform/authorize';
import { forbidden } from '../../platform/errors';
import { type Actor, canAdminister, requireUser } from '../auth/policy';

/**
 * Who may use the admin area: admins only, for every call of it (reading too). Pure and
 * deny-by-default; each command the admin calls still applies its own feature's policy.
 */
export const canUseAdminArea = (actor: Actor): boolean => canAdminister(actor);

/** The admin area's guard: 401 for visitors, 403 for signed-in non-admins. */
export function requireAdmin(req: FastifyRequest): User {
  const user = requireUser(req);
  authorize(canUseAdminArea(user), () => forbidden('admin_only'));
  return user;
}
