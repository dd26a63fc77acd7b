import type { FastifyRequest } from 'fastify';
import type { Tier, User } from '../../db/schema';
import { authorize } from '../../platform/authorize';
import { forbidden } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import type { Actor } from '../tiers/policy';

/**
 * Who may bring subscribers over from their own Stripe account: a facilitator, for their own
 * connected account and their own plans. Admins too are refused, as with every facilitator money
 * tool (an admin's money tools are admin/money-*). Pure and deny-by-default.
 */
export const canImportStripeSubscribers = (user: Actor): boolean => user?.isFacilitator === true;

/** A price is mapped to one of the facilitator's own subscription plans, never another's or a course. */
export const canMapPriceTo = (user: Actor, tier: Pick<Tier, 'userId' | 'type'> | undefined): boolean =>
  canImportStripeSubscribers(user) && tier !== undefined && tier.userId === user!.id && tier.type === 'subscription';

/** The route guard: a signed-in facilitator (401, 403). */
export function requireImportingFacilitator(req: FastifyRequest): User {
  const user = requireUser(req);
  authorize(canImportStripeSubscribers(user), () => forbidden('stripe_import_facilitators_only'));
  return user;
}
