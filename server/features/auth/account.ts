import { and, eq, ne, sql } from 'drizzle-orm';
import { PROFILE_MESSAGES, type UpdateProfileRequest } from '../../../common/profiles/schemas';
import { users, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict } from '../../platform/errors';
import { emailChangeMail, passwordChangedMail, twoFactorChangedMail } from './mails';
import { canEnableTwoFactor } from './policy';
import { hashPassword, verifyPassword } from './passwords';
import { refuseCommonPassword, sendConfirmationCode } from './service';
import { mailLater } from '../mail/send';
import { endUserSessions } from './sessions';

/**
 * The Settings page's form. A new password or a new email needs the current password. A new
 * password signs out every other session and is mailed about; a new email waits in
 * `pending_email` until the code sent to it is entered, the old address staying in use.
 */
export async function updateAccount(
  ctx: AppContext,
  user: User,
  keepTokenHash: string | null,
  input: UpdateProfileRequest,
) {
  const changingEmail = input.email !== user.email.toLowerCase() && input.email !== user.pendingEmail;
  const changingPassword = input.password.length > 0;
  // a second factor is changed only by someone who knows the password (ASVS 6.3.7)
  const changingTwoFactor = input.twoFactorEnabled !== user.twoFactorEnabled;
  if (changingEmail || changingPassword || changingTwoFactor) {
    if (!input.currentPassword) throw badRequest('current_password_required');
    if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
      throw badRequest('current_password_wrong', PROFILE_MESSAGES.currentPasswordWrong);
  }
  if (input.twoFactorEnabled && !user.twoFactorEnabled && !canEnableTwoFactor(user)) {
    throw badRequest('email_not_confirmed', PROFILE_MESSAGES.twoFactorNeedsConfirmedEmail);
  }
  if (changingPassword) refuseCommonPassword(input.password);
  if (changingEmail) {
    const taken = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${input.email}`, ne(users.id, user.id)))
      .limit(1);
    if (taken.length) throw conflict('email_in_use', PROFILE_MESSAGES.emailInUse);
  }

  const [updated] = await ctx.db
    .update(users)
    .set({
      name: input.name,
      bio: input.bio,
      ...(user.isFacilitator && input.facilitatorCategory !== undefined
        ? { facilitatorCategory: input.facilitatorCategory }
        : {}),
      ...(input.profilePicture !== undefined ? { profilePicture: input.profilePicture } : {}),
      twoFactorEnabled: input.twoFactorEnabled,
      // typing the current address back cancels a pending change
      ...(changingEmail
        ? { pendingEmail: input.email }
        : input.email === user.email.toLowerCase()
          ? { pendingEmail: null }
          : {}),
      ...(changingPassword ? { passwordHash: await hashPassword(input.password) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning();
  if (changingPassword) {
    await endUserSessions(ctx.db, user.id, keepTokenHash ?? undefined);
    await mailLater(ctx, passwordChangedMail(updated!));
  }
  if (changingEmail) {
    await sendConfirmationCode(ctx, updated!);
    await mailLater(ctx, emailChangeMail(user, input.email, 'requested'));
  }
  if (changingTwoFactor) await mailLater(ctx, twoFactorChangedMail(updated!, updated!.twoFactorEnabled));
  return updated!;
}
