import { eq, inArray, or } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '../../../common/admin/schemas';
import { subscriptions, tiers, type User, users } from '../../db/schema';
import { authorize } from '../../platform/authorize';
import { type AppContext, type CommandContext, inTransaction, recordAudit } from '../../platform/context';
import { badRequest, conflict, forbidden, uniqueViolation } from '../../platform/errors';
import { randomToken } from '../../platform/secrets';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { canEnableTwoFactor } from '../auth/policy';
import { sendWelcome } from '../auth/service';
import { endUserSessions } from '../auth/sessions';
import { cancelOpenAtProvider, hasPayingSubscribers } from '../subscriptions/service';
import { explorePage } from './explore';
import { adminDeletionRefusal, canDeleteOwnAccount, canRevokeAdminFlag } from './policy';
import { findAccount, findFacilitatorAccount } from './queries';

/** An account in the admin area is a 'user' or a 'facilitator' (the audit entry's target type). */
// ---- the profile calls' reads, each taking the request's context

/** An account by id, if it exists (canViewProfile decides who sees it). */
export const accountById = (ctx: AppContext, id: string) => findAccount(ctx.db, id);

/** A facilitator's account by id, if it exists. */
export const facilitatorById = (ctx: AppContext, id: string) => findFacilitatorAccount(ctx.db, id);

/** Explore: a page of facilitators, those named like the search first (explore.ts). */
export const exploreFacilitators = (ctx: AppContext, query: Parameters<typeof explorePage>[1]) =>
  explorePage(ctx.database, query);

export type AccountKind = 'user' | 'facilitator';

/** The fields an admin may set on an account. */
export type AccountValues = Partial<
  Pick<
    User,
    | 'name'
    | 'username'
    | 'email'
    | 'bio'
    | 'profilePicture'
    | 'emailConfirmed'
    | 'twoFactorEnabled'
    | 'isAdmin'
    | 'isFacilitator'
    | 'facilitatorCategory'
  >
>;

/** What changed, for the audit entry. */
function changesOf(before: User | undefined, after: AccountValues) {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (!before || before[key as keyof User] !== value) changed[key] = value;
  }
  return changed;
}

/**
 * Creates (`before` absent) or updates an account from the admin forms (admin/user and
 * admin/facilitator); the audit entry is written through `ctx` in the same transaction. A new
 * address or a removed admin flag ends the sessions opened before it (the acting admin's own
 * `keepSession` excepted); a new account is sent its welcome mail.
 */
export async function saveAccount(
  ctx: CommandContext,
  options: { actor: User; before?: User; values: AccountValues; kind: AccountKind; keepSession?: string },
): Promise<User> {
  const { actor, before, values, kind } = options;
  if (before && values.isAdmin === false && before.isAdmin)
    authorize(canRevokeAdminFlag(actor, before), () => badRequest('own_admin_flag'));
  if (values.twoFactorEnabled && !canEnableTwoFactor({ emailConfirmed: values.emailConfirmed === true }))
    throw badRequest('two_factor_needs_email');
  if (before?.isFacilitator && values.isFacilitator === false && (await hasPayingSubscribers(ctx, before.id)))
    throw conflict('has_paying_subscribers', ADMIN_MESSAGES.payingSubscribers);
  const passwordHash = before ? undefined : await hashPassword(randomToken());
  let saved: User;
  try {
    saved = await inTransaction(ctx, async (tx) => {
      const [row] = before
        ? await tx.db
            .update(users)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(users.id, before.id))
            .returning()
        : await tx.db
            .insert(users)
            .values({
              ...values,
              name: values.name!,
              username: values.username!,
              email: values.email!,
              passwordHash: passwordHash!,
            })
            .returning();
      await recordAudit(tx, {
        action: before ? 'update' : 'create',
        targetType: kind,
        targetId: row!.id,
        details: { email: row!.email, ...changesOf(before, values) },
      });
      return row!;
    });
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint?.includes('email')) throw conflict('email_in_use', ADMIN_MESSAGES.emailInUse);
    if (constraint?.includes('username')) throw conflict('username_in_use', ADMIN_MESSAGES.usernameInUse);
    throw err;
  }
  // a new address or a removed admin flag must not ride on sessions opened before the change
  if (before && (before.email !== saved.email || (before.isAdmin && !saved.isAdmin))) {
    // an admin editing their own address stays signed in here
    await endUserSessions(ctx.db, saved.id, saved.id === actor.id ? options.keepSession : undefined);
  }
  if (!before) await sendWelcome(ctx, saved);
  return saved;
}

/** Deletes my account, once my password confirms it is really me; see removeAccount. */
export async function deleteOwnAccount(ctx: CommandContext, options: { user: User; password: string }) {
  const { user } = options;
  if (!(await verifyPassword(user.passwordHash, options.password)))
    throw badRequest('current_password_wrong', 'Your password is not right.');
  authorize(canDeleteOwnAccount(user, user), () => forbidden('admin_account_not_deletable'));
  await removeAccount(ctx, {
    user,
    kind: 'user',
    payingMessage: 'You still have paying subscribers. Cancel or move them before deleting your account.',
  });
  return { deleted: true as const };
}

/** An admin deletes an account from the admin area: never their own, never an admin's. */
export async function deleteAccountAsAdmin(
  ctx: CommandContext,
  options: { actor: User; target: User; kind: AccountKind },
) {
  const refusal = adminDeletionRefusal(options.actor, options.target);
  if (refusal === 'admin_only') throw forbidden('admin_only');
  if (refusal === 'delete_self') throw badRequest('delete_self');
  if (refusal === 'delete_admin') throw conflict('delete_admin');
  await removeAccount(ctx, {
    user: options.target,
    kind: options.kind,
    payingMessage: ADMIN_MESSAGES.payingSubscribers,
  });
  return { deleted: true as const };
}

/**
 * Removes an account and everything that is its own (admins use it too). Its
 * paid subscriptions are cancelled at the provider first; then posts, comments, hearts, messages
 * (both sides of its chats), groups it owns, its tiers and content and its sessions go; sessions
 * it booked become free again. Removed rather than anonymised: a member leaving expects their
 * words to leave with them. Refused for facilitators who still have paying subscribers, who would
 * otherwise be charged for a program that no longer exists. An admin's deletion is audited
 * through `ctx` in the same transaction.
 */
async function removeAccount(ctx: CommandContext, options: { user: User; kind: AccountKind; payingMessage: string }) {
  const { user } = options;
  if (await hasPayingSubscribers(ctx, user.id)) throw conflict('has_paying_subscribers', options.payingMessage);

  // mine, and those to my tiers that were not refused above (past due, unpaid): none may go on charging
  const myTierIds = ctx.db.select({ id: tiers.id }).from(tiers).where(eq(tiers.userId, user.id));
  await cancelOpenAtProvider(ctx, or(eq(subscriptions.userId, user.id), inArray(subscriptions.tierId, myTierIds))!);

  await inTransaction(ctx, async (tx) => {
    // subscriptions to my tiers (free or ended ones: paying ones were refused above) hold the tiers
    const myTiers = (await tx.db.select({ id: tiers.id }).from(tiers).where(eq(tiers.userId, user.id))).map(
      (t) => t.id,
    );
    if (myTiers.length) await tx.db.delete(subscriptions).where(inArray(subscriptions.tierId, myTiers));
    // its sessions end, and their live sockets close on every instance, as the account goes
    await endUserSessions(tx.db, user.id);
    await tx.db.delete(users).where(eq(users.id, user.id));
    await recordAudit(tx, {
      action: 'delete',
      targetType: options.kind,
      targetId: user.id,
      details: { email: user.email, name: user.name },
    });
  });
}
