import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authSessions, users, type User } from '../../db/schema';
import { LIVE_CHANNEL, SESSIONS_ENDED, type LiveSignal } from '../../platform/realtime';
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

/** Ends one session (logout); its live sockets close on every instance. */
export async function endSession(db: Database, tokenHash: string) {
  const ended = await db.delete(authSessions).where(eq(authSessions.tokenHash, tokenHash)).returning({ userId: authSessions.userId });
  for (const { userId } of ended) await closeLiveSockets(db, { userId, session: tokenHash });
}

/**
 * Ends every session of a user, or every one but `keepTokenHash` (ASVS 7.4.3: password or email
 * change, admin flag removed, account deleted); their live sockets close on every instance.
 */
export async function endUserSessions(db: Database, userId: string, keepTokenHash?: string) {
  const cond = keepTokenHash
    ? and(eq(authSessions.userId, userId), ne(authSessions.tokenHash, keepTokenHash))
    : eq(authSessions.userId, userId);
  await db.delete(authSessions).where(cond);
  await closeLiveSockets(db, { userId, keep: keepTokenHash });
}

/**
 * A revoked session must stop receiving live frames at once, wherever its socket is: the signal
 * goes through the live channel (delivered at commit when inside a transaction) and each
 * instance closes the matching sockets it holds (`platform/realtime.ts`).
 */
const closeLiveSockets = (db: Database, which: { userId: string; session?: string; keep?: string }) => {
  const signal: LiveSignal = { to: [which.userId], kind: SESSIONS_ENDED, data: which.session ? { session: which.session } : which.keep ? { keep: which.keep } : {} };
  return db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(signal)})`);
};
