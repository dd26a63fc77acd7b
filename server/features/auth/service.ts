import { claimGrants } from '../tiers/grants';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { RegisterRequest, ResetPasswordRequest } from '../../../common/auth/schemas';
import { AUTH_MESSAGES } from '../../../common/auth/schemas';
import { localDay } from '../../../common/time';
import type { Database } from '../../db/client';
import { passwordResets, users, type User } from '../../db/schema';
import { type AppContext, inTransaction } from '../../platform/context';
import { badRequest, conflict, forbidden, notFound, unauthorized, uniqueViolation } from '../../platform/errors';
import { randomToken, sha256 } from '../../platform/secrets';
import { creditReferral } from '../referrals/service';
import { consumeCode, hasLiveCode, issueCode } from './codes';
import { endChallenge, issueChallenge, liveChallenge } from './authenticator';
import {
  countCodeAttemptFrom,
  countCodeAttemptOn,
  countUnprovenCodeAttemptOn,
  LIMITS,
  LOGIN_FAILURES,
  loginDelayMs,
} from './limits';
import {
  confirmEmailMail,
  emailChangeMail,
  failedSignInsMail,
  passwordChangedMail,
  resetPasswordMail,
  twoFactorMail,
  welcomeMail,
} from './mails';
import { mailLater, mailNow } from '../mail/send';
import { burnPasswordCheck, hashPassword, isCommonPassword, verifyPassword } from './passwords';
import { homePathOf } from './presenter';
import { createSession, endUserSessions } from './sessions';

const RESET_TTL_MS = 60 * 60 * 1000;
export const WELCOME_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The account of an email, whatever its case (emails are unique case-insensitively). */
export const findByEmail = async (db: Database, email: string) =>
  (await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1))[0];

export const findUser = async (ctx: AppContext, id: string) =>
  (await ctx.db.select().from(users).where(eq(users.id, id)).limit(1))[0];

export function refuseCommonPassword(password: string) {
  if (isCommonPassword(password)) throw badRequest('common_password');
}

/** The code goes to the address waiting to be confirmed: a new one after an email change, else the account's. */
export async function sendConfirmationCode(
  ctx: AppContext,
  user: Pick<User, 'id' | 'email' | 'name'> & { pendingEmail?: string | null },
) {
  const code = await issueCode(ctx.db, ctx.config.appSecret, user.id, 'confirm_email');
  await mailNow(
    ctx,
    confirmEmailMail(
      { ...user, email: user.pendingEmail ?? user.email },
      code,
      `${ctx.config.publicUrl}/confirm-email?u=${user.id}`,
    ),
  );
}

export async function register(ctx: AppContext, ip: string, input: RegisterRequest) {
  await ctx.limiter.hit(`register:ip:${ip}`, LIMITS.registerPerIp);
  const { user: u, metaData } = input;
  refuseCommonPassword(u.password);

  const taken = await ctx.db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(or(sql`lower(${users.email}) = ${u.email}`, sql`lower(${users.username}) = ${u.username.toLowerCase()}`));
  const emailTaken = taken.some((t) => t.email.toLowerCase() === u.email);
  const usernameTaken = taken.some((t) => t.username.toLowerCase() === u.username.toLowerCase());
  const sameAccount = taken.some(
    (t) => t.email.toLowerCase() === u.email && t.username.toLowerCase() === u.username.toLowerCase(),
  );
  if (sameAccount) throw conflict('account_exists', AUTH_MESSAGES.account_exists);
  if (emailTaken) throw conflict('email_in_use', AUTH_MESSAGES.email_in_use);
  if (usernameTaken) throw conflict('username_in_use', AUTH_MESSAGES.username_in_use);

  const passwordHash = await hashPassword(u.password);
  let created: User;
  try {
    // the account and its referral are written together: a failed credit leaves no account behind
    created = await inTransaction(ctx, async (tx) => {
      const [row] = await tx.db
        .insert(users)
        .values({
          name: u.name,
          username: u.username,
          email: u.email,
          passwordHash,
          isFacilitator: u.isFacilitator,
          referral: metaData.ref ?? null,
          client: metaData.client ?? null,
        })
        .returning();
      await creditReferral(tx.db, row!, metaData.ref ?? null);
      return row!;
    });
  } catch (err) {
    // two registrations racing for the same email or username
    const constraint = uniqueViolation(err);
    if (constraint?.includes('email')) throw conflict('email_in_use', AUTH_MESSAGES.email_in_use);
    if (constraint) throw conflict('username_in_use', AUTH_MESSAGES.username_in_use);
    throw err;
  }
  const token = await createSession(ctx.db, created.id);
  await sendConfirmationCode(ctx, created);
  return { token, redirectToConfirm: true, userId: created.id };
}

/**
 * Sign-in throttling an attacker cannot turn against the owner: limits per IP and per
 * account-and-IP pair refuse with 429; failures of the account from anywhere only slow its
 * sign-ins down (1 s, 2 s, 4 s, 8 s at most, before the password is checked, right or wrong) and
 * mail the owner once, so the right password always gets in.
 */
export async function login(ctx: AppContext, ip: string, email: string, password: string) {
  await ctx.limiter.hit(`login:ip:${ip}`, LIMITS.loginPerIp);
  await ctx.limiter.hit(`login:pair:${email}:${ip}`, LIMITS.loginPerAccountAndIp);
  const failuresKey = `login:failures:${email.toLowerCase()}`;
  const delay = loginDelayMs(await ctx.limiter.current(failuresKey), ctx.config.loginSlowdownUnitMs);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  const user = await findByEmail(ctx.db, email);
  if (!user) {
    await burnPasswordCheck(password);
    await ctx.limiter.count(failuresKey, LOGIN_FAILURES.windowSeconds);
    throw unauthorized('invalid_credentials');
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    const failures = await ctx.limiter.count(failuresKey, LOGIN_FAILURES.windowSeconds);
    if (failures === LOGIN_FAILURES.mailAfter) {
      await mailLater(ctx, failedSignInsMail(user, failures, `${ctx.config.publicUrl}/request-reset`));
    }
    throw unauthorized('invalid_credentials');
  }
  await ctx.limiter.clear(failuresKey);
  // an account an admin suspended does not sign in (the right password tells them so)
  if (user.suspendedAt) throw forbidden('account_suspended');

  if (user.twoFactorEnabled) {
    // the second step gets a proof that this one passed (an app code alone proves no password)
    const challenge = await issueChallenge(ctx.db, user.id);
    if (user.totpSecret) return { redirectToTwoFactor: true, userId: user.id, method: 'app' as const, challenge };
    const code = await issueCode(ctx.db, ctx.config.appSecret, user.id, 'two_factor');
    await mailNow(ctx, twoFactorMail(user, code));
    return { redirectToTwoFactor: true, userId: user.id, method: 'email' as const, challenge };
  }
  return { token: await createSession(ctx.db, user.id), userId: user.id, redirectUrl: homePathOf(user) };
}

/**
 * A mailed confirmation code, tried: with no live code to try (none sent, expired, or used up)
 * the answer is 'invalid' at the cost of the caller's address only, so guesses at an account
 * nobody is confirming cost its owner nothing. Against a live code, a try by the account itself
 * (signed in) counts on the account's limits; anyone else's on the budget for unproven tries, so
 * a stranger cannot spend what the owner needs.
 */
async function checkCode(ctx: AppContext, ip: string, userId: string, code: string, proven: boolean) {
  await countCodeAttemptFrom(ctx, ip);
  if (!(await hasLiveCode(ctx.db, userId, 'confirm_email'))) return 'email_code_invalid';
  await (proven ? countCodeAttemptOn(ctx, userId) : countUnprovenCodeAttemptOn(ctx, userId));
  const result = await consumeCode(ctx.db, ctx.config.appSecret, userId, 'confirm_email', code);
  if (result !== 'ok') return result === 'wrong' ? 'email_code_wrong' : 'email_code_invalid';
  return undefined;
}

export async function confirmEmail(
  ctx: AppContext,
  ip: string,
  input: { id: string; token: string },
  session: { signedInAs?: string; keepTokenHash?: string } = {},
) {
  const userId = input.id;
  const keepTokenHash = session.keepTokenHash;
  const failure = await checkCode(ctx, ip, userId, input.token, session.signedInAs === userId);
  if (failure) throw badRequest(failure, undefined, { status: 'failed' });
  const before = await findUser(ctx, userId);
  // a changed email becomes the account's address only now that its owner proved they read it
  try {
    await ctx.db
      .update(users)
      .set({
        emailConfirmed: true,
        email: sql`coalesce(${users.pendingEmail}, ${users.email})`,
        pendingEmail: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  } catch (err) {
    // someone registered the new address while it waited for confirmation
    if (uniqueViolation(err)) throw conflict('email_in_use', 'That email address is already in use.');
    throw err;
  }
  if (before?.pendingEmail) {
    // a changed address ends the other sessions and is told to the old address
    await endUserSessions(ctx.db, userId, keepTokenHash);
    await mailLater(ctx, emailChangeMail(before, before.pendingEmail, 'done'));
  }
  // complimentary access waiting for this address is the proven owner's now
  await claimGrants(ctx, (await findUser(ctx, userId))!);
  return { status: 'confirmed' };
}

/**
 * POST auth/2fa: the mailed sign-in code, 5 wrong tries ending it whoever sends them. With the
 * challenge the password step answered (the web app sends it), a try counts on the account's
 * limits and the challenge ends with the sign-in. Without one (the call's older form: the id and
 * the code), a try counts on the account's budget for unproven tries instead: nothing a stranger
 * sends spends the limits the owner's own sign-in needs, and a code they spoil is replaced by the
 * owner's next password step.
 */
export async function confirmTwoFactor(
  ctx: AppContext,
  ip: string,
  input: { id: string; token: string; challenge?: string },
) {
  await countCodeAttemptFrom(ctx, ip);
  const proof = input.challenge ? await liveChallenge(ctx.db, input.id, input.challenge) : undefined;
  if (input.challenge && !proof) throw badRequest('challenge_expired');
  if (!(await hasLiveCode(ctx.db, input.id, 'two_factor'))) throw badRequest('email_code_invalid');
  await (proof ? countCodeAttemptOn(ctx, input.id) : countUnprovenCodeAttemptOn(ctx, input.id));
  const result = await consumeCode(ctx.db, ctx.config.appSecret, input.id, 'two_factor', input.token);
  if (result !== 'ok') throw badRequest(result === 'wrong' ? 'email_code_wrong' : 'email_code_invalid');
  if (proof) await endChallenge(ctx.db, proof.tokenHash);
  const user = await findUser(ctx, input.id);
  if (!user) throw notFound('user_not_found');
  return { token: await createSession(ctx.db, user.id), redirectUrl: homePathOf(user) };
}

export async function resendConfirmation(ctx: AppContext, user: User) {
  if (user.emailConfirmed && !user.pendingEmail) return { userId: user.id, status: 'already_confirmed' as const };
  await ctx.limiter.hit(`resend:account:${user.id}`, LIMITS.resendPerAccount);
  await sendConfirmationCode(ctx, user);
  return { userId: user.id, status: 'sent' as const };
}

/** A one-time link to the password reset page, valid for `ttlMs`. */
export async function passwordLink(ctx: Pick<AppContext, 'db' | 'config'>, userId: string, ttlMs: number) {
  const token = randomToken();
  await ctx.db
    .insert(passwordResets)
    .values({ userId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttlMs) });
  return `${ctx.config.publicUrl}/passwordReset?token=${encodeURIComponent(token)}&id=${userId}`;
}

/** An account an admin created has no password anyone knows: its owner gets a link to choose one. */
export async function sendWelcome(ctx: AppContext, user: Pick<User, 'id' | 'email' | 'name'>) {
  await mailNow(ctx, welcomeMail(user, await passwordLink(ctx, user.id, WELCOME_TTL_MS)));
}

/**
 * Same answer, in the same time, whether or not the email exists (known addresses once answered
 * ~100 ms faster, which told them apart). The request only counts the attempt; looking the address
 * up, making the link and mailing it happen after the answer, so nothing about the account
 * shows in the response or its timing. A failed send is logged for the operator.
 */
export async function requestReset(ctx: AppContext, ip: string, email: string) {
  await ctx.limiter.hit(`reset-request:ip:${ip}`, LIMITS.resetRequestPerIp);
  await ctx.limiter.hit(`reset-request:account:${email}`, LIMITS.resetRequestPerAccount);
  // after the answer is written: on PGlite the lookup would otherwise share the request's turn
  setImmediate(
    () => void mailResetLink(ctx, email).catch((err: unknown) => ctx.log.error({ err }, 'password reset mail failed')),
  );
  return { status: 'sent' };
}

async function mailResetLink(ctx: AppContext, email: string) {
  const user = await findByEmail(ctx.db, email);
  if (user) await mailLater(ctx, resetPasswordMail(user, await passwordLink(ctx, user.id, RESET_TTL_MS)));
}

export async function resetPassword(ctx: AppContext, ip: string, input: ResetPasswordRequest) {
  await ctx.limiter.hit(`reset:ip:${ip}`, LIMITS.resetPerIp);
  refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const user = await ctx.db.transaction(async (tx) => {
    // single use: only one request can flip used_at from null
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.userId, input.id),
          eq(passwordResets.tokenHash, sha256(input.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!used) return undefined;
    // every other link the user was sent stops working too: only the newest choice of password counts
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, input.id), isNull(passwordResets.usedAt)));
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, input.id))
      .returning();
    await endUserSessions(tx, input.id);
    return updated;
  });
  if (!user) throw badRequest('invalid_token');
  await mailLater(ctx, passwordChangedMail(user));
  return { status: 'reset' };
}

/** The streak: consecutive calendar days in the user's zone; one atomic update a day. */
export async function recordVisit(ctx: AppContext, user: User, timeZone?: string) {
  const zone = timeZone ?? user.timeZone;
  const today = localDay(new Date(), zone);
  if (user.lastActiveDay === today && user.timeZone === zone) return user;
  const [updated] = await ctx.db
    .update(users)
    .set({
      streak: sql`case
        when ${users.lastActiveDay} = ${today}::date then ${users.streak}
        when ${users.lastActiveDay} = ${today}::date - 1 then ${users.streak} + 1
        else 1 end`,
      lastActiveDay: today,
      timeZone: zone,
    })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
}
