import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  SETUP_MESSAGES,
  type CreateOwnerAnswer,
  type CreateOwnerRequest,
  type OwnerSetupAnswer,
} from '../../../common/setup/schemas';
import type { Database } from '../../db/client';
import { users, type User } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { forgetSharedSecret, sharedSecret } from '../../platform/app-secret';
import { conflict, uniqueViolation } from '../../platform/errors';
import type { Limit } from '../../platform/rate-limit';
import { audit } from '../admin/audit';
import { countCacheOf } from '../admin/count-cache';
import { hashPassword } from '../auth/passwords';
import { findByEmail, refuseCommonPassword } from '../auth/service';
import { createSession } from '../auth/sessions';
import { isOwnerSetupToken, mayCreateOwner, ownerSetupToken, setupNotAvailable } from './policy';

/** Like login's per-IP limit (auth/limits.ts): the token cannot be guessed, but nobody gets to try for long. */
const OWNER_SETUP_PER_IP: Limit = { max: 30, windowSeconds: 15 * 60 };
/** The server_secrets row the setup token is derived from (policy.ts). */
const SETUP_NONCE = 'owner_setup_nonce';
/** Where the owner lands: the Admin Portal they now run. */
const OWNER_HOME = '/admin';
/** A username is picked for the owner (the form asks for name, email and password only). */
const USERNAME_ATTEMPTS = 3;

export async function adminExists(db: Database) {
  return (await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1)).length > 0;
}

/**
 * The link that opens the 'Create the owner account' page, or null once any admin exists.
 * main.ts prints it at start; it is the same on every instance and after every restart.
 */
export async function ownerSetupLink(ctx: AppContext): Promise<string | null> {
  if (await adminExists(ctx.db)) return null;
  const token = ownerSetupToken(ctx.config.appSecret, await sharedSecret(ctx.db, SETUP_NONCE));
  return `${ctx.config.publicUrl}/setup?token=${token}`;
}

/** 404 unless `token` is this site's setup token and no admin exists yet. */
async function requireSetupOpen(ctx: AppContext, ip: string, token: string) {
  await ctx.limiter.hit(`owner-setup:ip:${ip}`, OWNER_SETUP_PER_IP);
  const holdsToken = isOwnerSetupToken(ctx.config.appSecret, await sharedSecret(ctx.db, SETUP_NONCE), token);
  if (!holdsToken || !mayCreateOwner({ holdsToken, adminExists: await adminExists(ctx.db) })) throw setupNotAvailable();
}

/** GET setup/owner: whether the page should show its form. */
export async function checkOwnerSetup(ctx: AppContext, ip: string, token: string): Promise<OwnerSetupAnswer> {
  await requireSetupOpen(ctx, ip, token);
  return { needed: true };
}

/** POST setup/owner: creates the first admin (email taken as confirmed) and signs them in as login does. */
export async function createOwner(ctx: AppContext, ip: string, input: CreateOwnerRequest): Promise<CreateOwnerAnswer> {
  await requireSetupOpen(ctx, ip, input.token);
  refuseCommonPassword(input.password);
  const owner = await insertOwner(ctx.db, input, await hashPassword(input.password));
  countCacheOf(ctx).forget();
  return { token: await createSession(ctx.db, owner.id), userId: owner.id, redirectUrl: OWNER_HOME };
}

async function insertOwner(db: Database, input: CreateOwnerRequest, passwordHash: string): Promise<User> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const t = tx;
        // Two setups at once: the second waits here for the first to commit, then finds its admin.
        await t.execute(sql`select pg_advisory_xact_lock(hashtext('tend:owner-setup'))`);
        if (await adminExists(t)) throw setupNotAvailable();
        if (await findByEmail(t, input.email)) throw conflict('email_in_use', SETUP_MESSAGES.emailInUse);
        const [owner] = await t
          .insert(users)
          .values({
            name: input.name,
            username: await freeUsername(t, input.email, attempt > 1),
            email: input.email,
            passwordHash,
            isAdmin: true,
            emailConfirmed: true,
          })
          .returning();
        // every setup link printed so far dies with this commit
        await forgetSharedSecret(t, SETUP_NONCE);
        // the owner is the actor of their own creation
        await audit(t, owner!, {
          action: 'create',
          targetType: 'user',
          targetId: owner!.id,
          details: { email: owner!.email, isAdmin: true, via: 'owner_setup' },
        });
        return owner!;
      });
    } catch (err) {
      // a registration took the same email or username between our check and the insert
      const constraint = uniqueViolation(err);
      if (constraint?.includes('email')) throw conflict('email_in_use', SETUP_MESSAGES.emailInUse);
      if (constraint && attempt < USERNAME_ATTEMPTS) continue;
      throw err;
    }
  }
}

/** The email's local part as a username ('ada.l@x.org' -> 'ada.l'), with a random suffix if taken. */
async function freeUsername(db: Database, email: string, forceSuffix: boolean) {
  const local = email
    .split('@')[0]!
    .toLowerCase()
    .replace(/[^a-z0-9_.-]/g, '')
    .slice(0, 23);
  const base = local.length >= 3 ? local : 'owner';
  const taken = async (name: string) =>
    (await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${name}`).limit(1)).length > 0;
  if (!forceSuffix && !(await taken(base))) return base;
  return `${base}_${randomBytes(3).toString('hex')}`;
}
