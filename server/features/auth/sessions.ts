import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { describeUserAgent } from '../../../common/auth/user-agent';
import type { Database } from '../../db/client';
import type pg from 'pg';
import { authSessions, type User } from '../../db/schema';
import { LIVE_CHANNEL, SESSIONS_ENDED, type LiveSignal } from '../../platform/realtime';
import { randomToken, sha256 } from '../../platform/secrets';
import { lookUpSession, lookUpSessionWithDrizzle } from './queries';

const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How stale 'last seen' may get before a request refreshes it (one write per session per 5 minutes at most). */
const SEEN_EVERY_MS = 5 * 60 * 1000;

/**
 * Creates a session and returns the token; only its SHA-256 is kept, so a copy of the database
 * signs nobody in.
 */
export async function createSession(db: Database, userId: string) {
  const token = randomToken();
  await db.insert(authSessions).values({
    tokenHash: sha256(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_DAYS * DAY_MS),
  });
  return token;
}

/**
 * The user behind a token. The 30-day expiry slides with use, but never past `maxDays` after
 * sign-in (ASVS 7.3.2: an absolute lifetime, SESSION_MAX_DAYS, 90 by default). 'Last seen' and
 * the browser are refreshed at most every 5 minutes. With the PostgreSQL pool given, the lookup is
 * one named statement sent straight to it (queries.ts).
 */
export async function resolveSession(
  db: Database,
  token: string,
  opts: { maxDays?: number; userAgent?: string; pool?: pg.Pool } = {},
): Promise<{ user: User; tokenHash: string } | null> {
  const tokenHash = sha256(token);
  const maxDays = opts.maxDays ?? DEFAULT_MAX_DAYS;
  const row = opts.pool
    ? await lookUpSession(opts.pool, tokenHash, maxDays)
    : await lookUpSessionWithDrizzle(db, tokenHash, maxDays);
  if (!row) return null;
  const newExpiry = Math.min(Date.now() + SESSION_DAYS * DAY_MS, row.createdAt.getTime() + maxDays * DAY_MS);
  // slide forward at most once a day; pull in at once when the absolute end comes first
  const extend = newExpiry - row.expiresAt.getTime() > DAY_MS || newExpiry < row.expiresAt.getTime();
  const seen = Date.now() - row.lastSeenAt.getTime() > SEEN_EVERY_MS;
  if (extend || seen) {
    await db
      .update(authSessions)
      .set({
        ...(extend ? { expiresAt: new Date(newExpiry) } : {}),
        lastSeenAt: new Date(),
        ...(opts.userAgent ? { userAgent: opts.userAgent.slice(0, 300) } : {}),
      })
      .where(eq(authSessions.tokenHash, tokenHash));
  }
  return { user: row.user, tokenHash };
}

/** SESSION_MAX_DAYS' default: a session ends 90 days after sign-in however much it is used. */
export const DEFAULT_MAX_DAYS = 90;

/** Settings' list of my sessions, the current one first, then by last use. */
export async function listSessions(db: Database, userId: string, currentTokenHash: string | null) {
  const rows = await db
    .select({
      tokenHash: authSessions.tokenHash,
      id: authSessions.id,
      createdAt: authSessions.createdAt,
      lastSeenAt: authSessions.lastSeenAt,
      userAgent: authSessions.userAgent,
    })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), gt(authSessions.expiresAt, sql`now()`)))
    .orderBy(desc(authSessions.lastSeenAt))
    .limit(100);
  return rows
    .map((r) => ({
      _id: r.id,
      device: describeUserAgent(r.userAgent),
      signedInAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      current: r.tokenHash === currentTokenHash,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends one of my sessions by its public id ('Sign out' on one device); its sockets close. */
export async function endSessionById(db: Database, userId: string, id: string) {
  const [row] = await db
    .select({ tokenHash: authSessions.tokenHash })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), eq(authSessions.id, id)))
    .limit(1);
  if (row) await endSession(db, row.tokenHash);
  return Boolean(row);
}

/** Ends one session (logout); its live sockets close on every instance. */
export async function endSession(db: Database, tokenHash: string) {
  const ended = await db
    .delete(authSessions)
    .where(eq(authSessions.tokenHash, tokenHash))
    .returning({ userId: authSessions.userId });
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
  const signal: LiveSignal = {
    to: [which.userId],
    kind: SESSIONS_ENDED,
    data: which.session ? { session: which.session } : which.keep ? { keep: which.keep } : {},
  };
  return db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(signal)})`);
};
