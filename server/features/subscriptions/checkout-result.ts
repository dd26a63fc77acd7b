import { and, eq } from 'drizzle-orm';
import type { CheckoutResultAnswer } from '../../../common/payments/checkout-result';
import { isId } from '../../../common/params';
import { checkoutSessions, sessions, subscriptions, tiers, users, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { isBookedBy } from '../sessions/queries';
import { isEntitled } from './entitlement';

/**
 * What the checkout returning to /subscription/{ref}/{status} was for, and whether the member
 * holds it yet (the payment event may arrive a moment after the browser). 404 for an id that is
 * neither a tier nor a session, or a checkout that is not the caller's.
 */
export async function checkoutResult(
  ctx: AppContext,
  member: User,
  ref: string,
  checkoutId: string | undefined,
): Promise<CheckoutResultAnswer> {
  if (!isId(ref)) throw notFound('checkout_not_found');
  const checkout = checkoutId
    ? (
        await ctx.db
          .select()
          .from(checkoutSessions)
          .where(and(eq(checkoutSessions.id, checkoutId), eq(checkoutSessions.userId, member.id)))
          .limit(1)
      )[0]
    : undefined;
  if (checkoutId && (!checkout || (checkout.tierId ?? checkout.sessionId) !== ref))
    throw notFound('checkout_not_found');
  const checkoutState = checkout?.status ?? null;

  const [tier] = await ctx.db
    .select({ tier: tiers, facilitator: { _id: users.id, name: users.name } })
    .from(tiers)
    .innerJoin(users, eq(users.id, tiers.userId))
    .where(eq(tiers.id, ref))
    .limit(1);
  if (tier) {
    const [held] = await ctx.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, member.id), eq(subscriptions.tierId, ref)))
      .limit(1);
    return {
      kind: tier.tier.type === 'single' ? 'course' : 'subscription',
      name: tier.tier.name,
      facilitator: tier.facilitator,
      tierId: tier.tier.id,
      sessionId: null,
      startTime: null,
      owned: held ? isEntitled(held) : false,
      checkout: checkoutState,
    };
  }
  const [session] = await ctx.db
    .select({ session: sessions, facilitator: { _id: users.id, name: users.name } })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.facilitatorId))
    .where(eq(sessions.id, ref))
    .limit(1);
  if (!session) throw notFound('checkout_not_found');
  return {
    kind: 'session',
    name: session.session.name,
    facilitator: session.facilitator,
    tierId: null,
    sessionId: session.session.id,
    startTime: session.session.startTime.toISOString(),
    owned: await isBookedBy(ctx.db, session.session.id, member.id),
    checkout: checkoutState,
  };
}
