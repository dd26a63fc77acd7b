import { and, eq, inArray, ne, or } from 'drizzle-orm';
import { subscriptions, tiers, users, type User } from '../../db/schema';
import type { Database } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, forbidden } from '../../platform/errors';
import { verifyPassword } from '../auth/passwords';
import { cancelOpenAtProvider, isActiveSql } from '../subscriptions/service';
import { endUserSessions } from '../auth/sessions';

/** Deletes my account (issue 7), once my password confirms it is really me; see removeAccount. */
export async function deleteAccount(ctx: AppContext, user: User, password: string) {
  if (!(await verifyPassword(user.passwordHash, password)))
    throw badRequest('current_password_wrong', { message: 'Your password is not right.' });
  if (user.isAdmin)
    throw forbidden('An admin account cannot be deleted. Revoke the admin flag first (npm run admin -- --revoke).');
  await removeAccount(ctx, user, {
    payingMessage: 'You still have paying subscribers. Cancel or move them before deleting your account.',
  });
}

/** True while someone other than the facilitator pays for one of their tiers. */
export async function hasPayingSubscribers(ctx: AppContext, facilitatorId: string) {
  const paying = await ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
    .where(
      and(
        eq(tiers.userId, facilitatorId),
        ne(subscriptions.provider, 'free'),
        ne(subscriptions.userId, facilitatorId),
        isActiveSql(),
      ),
    )
    .limit(1);
  return paying.length > 0;
}

/**
 * Removes an account and everything that is its own (issue 7; admins use it too, issue 8). Its
 * paid subscriptions are cancelled at the provider first; then posts, comments, hearts, messages
 * (both sides of its chats), groups it owns, its tiers and content and its sessions go; sessions
 * it booked become free again. Removed rather than anonymised: a member leaving expects their
 * words to leave with them. Refused for facilitators who still have paying subscribers, who would
 * otherwise be charged for a program that no longer exists. `inTransaction` runs in the same
 * transaction as the deletion (the admin audit entry).
 */
export async function removeAccount(
  ctx: AppContext,
  user: User,
  options: { payingMessage: string; inTransaction?: (tx: Database) => Promise<void> },
) {
  const { db } = ctx;
  if (await hasPayingSubscribers(ctx, user.id))
    throw conflict('has_paying_subscribers', { message: options.payingMessage });

  // mine, and those to my tiers that were not refused above (past due, unpaid): none may go on charging
  const myTierIds = db.select({ id: tiers.id }).from(tiers).where(eq(tiers.userId, user.id));
  await cancelOpenAtProvider(ctx, or(eq(subscriptions.userId, user.id), inArray(subscriptions.tierId, myTierIds))!);

  await db.transaction(async (tx) => {
    // subscriptions to my tiers (free or ended ones: paying ones were refused above) hold the tiers
    const myTiers = (await tx.select({ id: tiers.id }).from(tiers).where(eq(tiers.userId, user.id))).map((t) => t.id);
    if (myTiers.length) await tx.delete(subscriptions).where(inArray(subscriptions.tierId, myTiers));
    // its sessions end, and their live sockets close on every instance, as the account goes
    await endUserSessions(tx, user.id);
    await tx.delete(users).where(eq(users.id, user.id));
    await options.inTransaction?.(tx);
  });
}
