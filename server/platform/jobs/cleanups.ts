import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  authSessions,
  imageUploadTokens,
  loginChallenges,
  passwordResets,
  rateLimits,
  sessionTombstones,
  verificationCodes,
} from '../../db/schema';
import { deleteOldIdempotencyKeys } from '../idempotency';
import type { JobRunner } from './job-runner';

/**
 * Scheduled deletes of rows that can no longer do anything: every rule below is "past its
 * expiry", and every reader of these tables already ignores such rows, so a
 * delete changes nothing anyone sees; it only keeps the tables small.
 *
 * Uploaded media and images nothing points at are removed by their own nightly job
 * (`features/uploads/orphans.ts`), after a grace period that covers unsaved forms.
 */
const now = sql`now()`;

/**
 * Email and two-factor codes (10 minutes), reset links (1 hour), image upload tokens (30 minutes),
 * sign-in challenges (10 minutes).
 */
export async function deleteExpiredCodes(db: Database) {
  const codes = await db
    .delete(verificationCodes)
    .where(lt(verificationCodes.expiresAt, now))
    .returning({ id: verificationCodes.id });
  const resets = await db
    .delete(passwordResets)
    .where(lt(passwordResets.expiresAt, now))
    .returning({ id: passwordResets.id });
  const uploadTokens = await db
    .delete(imageUploadTokens)
    .where(lt(imageUploadTokens.expiresAt, now))
    .returning({ token: imageUploadTokens.token });
  const challenges = await db
    .delete(loginChallenges)
    .where(lt(loginChallenges.expiresAt, now))
    .returning({ userId: loginChallenges.userId });
  return {
    codes: codes.length,
    resets: resets.length,
    uploadTokens: uploadTokens.length,
    challenges: challenges.length,
  };
}

/** Sign-in sessions past their sliding 30-day expiry. */
export async function deleteExpiredSessions(db: Database) {
  const sessions = await db
    .delete(authSessions)
    .where(lt(authSessions.expiresAt, now))
    .returning({ userId: authSessions.userId });
  return { sessions: sessions.length };
}

/** Rate-limit windows that are over: the next hit starts a fresh window whether the row exists or not. */
export async function deleteEndedRateLimits(db: Database) {
  const windows = await db.delete(rateLimits).where(lt(rateLimits.resetAt, now)).returning({ key: rateLimits.key });
  return { rateLimits: windows.length };
}

/**
 * Records of deleted sessions 30 days past their start: calendar feeds list sessions from 30 days
 * back, so no feed lists them any more.
 */
export async function deleteOldSessionTombstones(db: Database) {
  const gone = await db
    .delete(sessionTombstones)
    .where(lt(sessionTombstones.startTime, sql`now() - interval '30 days'`))
    .returning({ id: sessionTombstones.sessionId });
  return { sessionTombstones: gone.length };
}

/** Each clean-up's job name and cron (UTC); minutes spread so they do not all start at once. */
export const CLEANUPS = [
  { name: 'cleanup-expired-codes', cron: '*/15 * * * *', run: deleteExpiredCodes },
  { name: 'cleanup-expired-sessions', cron: '23 * * * *', run: deleteExpiredSessions },
  { name: 'cleanup-rate-limits', cron: '7,37 * * * *', run: deleteEndedRateLimits },
  { name: 'cleanup-idempotency-keys', cron: '41 * * * *', run: deleteOldIdempotencyKeys },
  { name: 'cleanup-session-tombstones', cron: '53 4 * * *', run: deleteOldSessionTombstones },
] as const;

/** Registers the clean-up jobs and their schedules; call before `jobs.start()` or after. */
export async function registerCleanups(jobs: JobRunner, db: Database) {
  for (const cleanup of CLEANUPS) {
    await jobs.work(cleanup.name, () => cleanup.run(db));
    await jobs.schedule(cleanup.name, cleanup.cron);
  }
}
