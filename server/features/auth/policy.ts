import type { FastifyRequest } from 'fastify';
import type { User } from '../../db/schema';
import { forbidden, unauthorized } from '../../platform/errors';

/** 401 unless signed in. */
export function requireUser(req: FastifyRequest): User {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** 401 for visitors, 403 for signed-in non-admins (DESIGN.md §5: admin routes, admins only). */
export function requireAdmin(req: FastifyRequest): User {
  const user = requireUser(req);
  if (!user.isAdmin) throw forbidden('Only administrators can do this');
  return user;
}
