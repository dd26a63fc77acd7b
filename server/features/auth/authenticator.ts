import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { AppSignInRequest } from '../../../common/auth/schemas';
import type { Database } from '../../db/client';
import { loginChallenges, recoveryCodes, users, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { keyedHash, openSecret, randomCode, randomToken, sealSecret, sha256 } from '../../platform/secrets';
import { CODE_MAX_TRIES } from './codes';
import { countCodeAttemptFrom, countCodeAttemptOn } from './limits';
import { twoFactorChangedMail } from './mails';
import { verifyPassword } from './passwords';
import { homePathOf } from './presenter';
import { mailLater } from '../mail/send';
import { createSession } from './sessions';

/**
 * An authenticator app as the second factor (RFC 6238 TOTP through `otpauth`: SHA-1,
 * 6 digits, 30 s, one step of clock drift either way), with ten single-use recovery codes.
 * The key is stored sealed with the app secret. Mailed codes stay for those who prefer them.
 */
const ISSUER = 'Tend';
const CHALLENGE_MINUTES = 10;
const RECOVERY_CODES = 10;

const totpOf = (base32: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(base32) });

export { AUTHENTICATOR_MESSAGES } from '../../../common/auth/errors';

async function checkPassword(user: User, currentPassword: string) {
  if (!(await verifyPassword(user.passwordHash, currentPassword)))
    throw badRequest('current_password_wrong', 'That is not your current password.');
}

/** POST app/two-factor/app/start: a new key, waiting for its first code (the password confirms it is me). */
export async function startAuthenticator(ctx: AppContext, user: User, currentPassword: string) {
  await checkPassword(user, currentPassword);
  const secret = new Secret({ size: 20 });
  await ctx.db
    .update(users)
    .set({ totpPendingSecret: sealSecret(ctx.config.appSecret, secret.base32) })
    .where(eq(users.id, user.id));
  const uri = totpOf(secret.base32, user.email).toString();
  return { secret: secret.base32, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 240 }) };
}

/** POST app/two-factor/app/confirm: the app's first code turns it on; answers the recovery codes, once. */
export async function confirmAuthenticator(ctx: AppContext, user: User, code: string) {
  if (!user.totpPendingSecret) throw badRequest('no_pending_setup');
  const base32 = openSecret(ctx.config.appSecret, user.totpPendingSecret);
  if (totpOf(base32, user.email).validate({ token: code, window: 1 }) === null) throw badRequest('wrong_code');
  const codes = Array.from({ length: RECOVERY_CODES }, () => randomCode(10));
  await ctx.db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ userId: user.id, codeHash: recoveryHash(ctx, user.id, c) })));
    await tx
      .update(users)
      .set({ totpSecret: user.totpPendingSecret, totpPendingSecret: null, twoFactorEnabled: true })
      .where(eq(users.id, user.id));
  });
  await mailLater(ctx, twoFactorChangedMail(user, true));
  return { recoveryCodes: codes.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`) };
}

/** POST app/two-factor/app/remove: back to no second factor (the password confirms it is me). */
export async function removeAuthenticator(ctx: AppContext, user: User, currentPassword: string) {
  await checkPassword(user, currentPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, twoFactorEnabled: false })
      .where(eq(users.id, user.id));
  });
  await mailLater(ctx, twoFactorChangedMail(user, false));
  return { status: 'removed' };
}

const recoveryHash = (ctx: AppContext, userId: string, code: string) =>
  keyedHash(ctx.config.appSecret, `recovery:${userId}:${code}`);

/**
 * A code from the app, accepted once: its 30-second step must be newer than the last one that
 * signed in (one conditional UPDATE, so two requests racing with one code cannot both pass).
 */
async function acceptAppCode(ctx: AppContext, user: User, code: string) {
  const delta = totpOf(openSecret(ctx.config.appSecret, user.totpSecret!), user.email).validate({
    token: code,
    window: 1,
  });
  if (delta === null) return false;
  const step = Math.floor(Date.now() / 1000 / 30) + delta;
  const taken = await ctx.db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return taken.length > 0;
}

/** The proof a sign-in passed its password step, for the second step (single use, 10 minutes). */
export async function issueChallenge(db: Database, userId: string) {
  const challenge = randomToken();
  await db
    .insert(loginChallenges)
    .values({ tokenHash: sha256(challenge), userId, expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000) });
  return challenge;
}

/** The unexpired login challenge `challenge` of `userId`, if there is one. */
export async function liveChallenge(db: Database, userId: string, challenge: string) {
  const [row] = await db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, sha256(challenge)),
        eq(loginChallenges.userId, userId),
        gt(loginChallenges.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

/** Ends a challenge once its sign-in is done: a proof is good for one sign-in. */
export async function endChallenge(db: Database, tokenHash: string) {
  const used = await db
    .delete(loginChallenges)
    .where(eq(loginChallenges.tokenHash, tokenHash))
    .returning({ userId: loginChallenges.userId });
  return used.length > 0;
}

/**
 * POST auth/2fa/app: the challenge from the password step, then a code from the app (the
 * current one, or one step either side) or an unused recovery code. A made-up or spent challenge
 * is refused at the cost of the caller's address only; a live one counts on the account's limits
 * (as mailed codes do, 20 a day included) and takes 5 wrong codes at most, like a mailed code.
 */
export async function signInWithApp(ctx: AppContext, ip: string, input: AppSignInRequest) {
  await countCodeAttemptFrom(ctx, ip);
  const challenge = await liveChallenge(ctx.db, input.id, input.challenge);
  if (!challenge) throw badRequest('challenge_expired');
  const [user] = await ctx.db.select().from(users).where(eq(users.id, input.id)).limit(1);
  if (!user?.totpSecret) throw badRequest('challenge_expired');
  await countCodeAttemptOn(ctx, user.id);
  const tries = await ctx.limiter.count(`code:challenge:${challenge.tokenHash}`, CHALLENGE_MINUTES * 60);
  if (tries > CODE_MAX_TRIES) throw await spent(ctx, challenge.tokenHash);

  const ok = /^\d{6}$/.test(input.code)
    ? await acceptAppCode(ctx, user, input.code)
    : (
        await ctx.db
          .update(recoveryCodes)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(recoveryCodes.userId, user.id),
              eq(recoveryCodes.codeHash, recoveryHash(ctx, user.id, input.code)),
              isNull(recoveryCodes.usedAt),
            ),
          )
          .returning({ id: recoveryCodes.id })
      ).length > 0;
  if (!ok) throw tries >= CODE_MAX_TRIES ? await spent(ctx, challenge.tokenHash) : badRequest('wrong_code');
  // single use: a code seen once cannot be replayed without the password again
  if (!(await endChallenge(ctx.db, challenge.tokenHash))) throw badRequest('challenge_expired');
  return { token: await createSession(ctx.db, user.id), redirectUrl: homePathOf(user) };
}

/** A challenge out of tries is deleted: only the password again gives a new one. */
async function spent(ctx: AppContext, tokenHash: string) {
  await ctx.db.delete(loginChallenges).where(eq(loginChallenges.tokenHash, tokenHash));
  return badRequest('challenge_expired');
}
