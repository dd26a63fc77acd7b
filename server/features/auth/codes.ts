import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { CODE_LENGTH } from '../../../common/auth/schemas';
import type { Database } from '../../db/client';
import { verificationCodes } from '../../db/schema';
import { keyedHash, randomCode, sameHash } from '../../platform/secrets';

export type CodePurpose = 'confirm_email' | 'two_factor';

// A code is valid 10 minutes and once; 5 wrong tries invalidate it.
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_TRIES = 5;

/** Issues a fresh code, replacing any earlier one for the same purpose. */
export async function issueCode(db: Database, secret: string, userId: string, purpose: CodePurpose) {
  const code = randomCode(CODE_LENGTH);
  await db.transaction(async (tx) => {
    await tx
      .delete(verificationCodes)
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)));
    await tx.insert(verificationCodes).values({
      userId,
      purpose,
      codeHash: keyedHash(secret, `${purpose}:${userId}:${code}`),
      expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
    });
  });
  return code;
}

export type CodeCheck = 'ok' | 'wrong' | 'invalid';

/** The account's code of this purpose that can still be tried: unexpired, with tries left. */
const liveCodeOf = (userId: string, purpose: CodePurpose) =>
  and(
    eq(verificationCodes.userId, userId),
    eq(verificationCodes.purpose, purpose),
    gt(verificationCodes.expiresAt, sql`now()`),
    lt(verificationCodes.attempts, CODE_MAX_TRIES),
  );

/** Whether the account has a code of this purpose that can still be tried (unexpired, tries left). */
export async function hasLiveCode(db: Database, userId: string, purpose: CodePurpose) {
  const rows = await db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(liveCodeOf(userId, purpose))
    .limit(1);
  return rows.length > 0;
}

/**
 * Checks a code. Every try is counted atomically before comparing, so concurrent guesses
 * cannot exceed the limit; a matching code is deleted (single use).
 */
export async function consumeCode(
  db: Database,
  secret: string,
  userId: string,
  purpose: CodePurpose,
  code: string,
): Promise<CodeCheck> {
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(liveCodeOf(userId, purpose))
    .returning();
  if (!row) return 'invalid';
  if (sameHash(row.codeHash, keyedHash(secret, `${purpose}:${userId}:${code}`))) {
    const deleted = await db
      .delete(verificationCodes)
      .where(eq(verificationCodes.id, row.id))
      .returning({ id: verificationCodes.id });
    return deleted.length ? 'ok' : 'invalid';
  }
  return row.attempts >= CODE_MAX_TRIES ? 'invalid' : 'wrong';
}
