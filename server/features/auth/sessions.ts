import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authSessions, users, type User } from '../../db/schema';
import { randomToken, sha256 } from '../../platform/secrets';

const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Creates a session and returns the token; only its SHA-256 is kept (DESIGN.md §5). */
export async function createSession(db: Database, userId: string) {
  const token = randomToken();
  await db.insert(authSessions).values({
    tokenHash: sha256(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_DAYS * DAY_MS),
  });
  return token;
}

/** The user behind a token, extending the 30-day sliding expiry at most once a day. */
export async function resolveSession(db: Database, token: string): Promise<{ user: User; tokenHash: string } | null> {
  const tokenHash = sha256(token);
  const [row] = await db
    .select({ user: users, expiresAt: authSessions.expiresAt })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.tokenHash, tokenHash), gt(authSessions.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) return null;
  const newExpiry = Date.now() + SESSION_DAYS * DAY_MS;
  if (newExpiry - row.expiresAt.getTime() > DAY_MS) {
    await db.update(authSessions).set({ expiresAt: new Date(newExpiry) }).where(eq(authSessions.tokenHash, tokenHash));
  }
  return { user: row.user, tokenHash };
}

export const endSession = (db: Database, tokenHash: string) =>
  db.delete(authSessions).where(eq(authSessions.tokenHash, tokenHash));

/** Ends every session of a user, or every one but `keepTokenHash` (ASVS 7.4.3). */
export function endUserSessions(db: Database, userId: string, keepTokenHash?: string) {
  const cond = keepTokenHash
    ? and(eq(authSessions.userId, userId), ne(authSessions.tokenHash, keepTokenHash))
    : eq(authSessions.userId, userId);
  return db.delete(authSessions).where(cond);
}
