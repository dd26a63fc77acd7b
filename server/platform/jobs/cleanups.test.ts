import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../db/client';
import {
  authSessions,
  imageUploadTokens,
  loginChallenges,
  passwordResets,
  rateLimits,
  verificationCodes,
  type User,
} from '../../db/schema';
import { createTestDatabase } from '../../test/database';
import { buildUser } from '../../test/factories';
import {
  CLEANUPS,
  deleteEndedRateLimits,
  deleteExpiredCodes,
  deleteExpiredSessions,
  registerCleanups,
} from './cleanups';
import { createJobRunner } from './create-job-runner';
import type { JobRunner } from './job-runner';
import { rawRows } from './test/raw-rows';
import { FAST, silentLog } from './test/fast-runner';
import { waitFor } from './test/wait-for';

const minutes = (n: number) => new Date(Date.now() + n * 60_000);
const PAST = minutes(-1);
const FUTURE = minutes(10);

let database: DatabaseHandle;
let db: Database;
let user: User;
let jobs: JobRunner | undefined;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  ({ user } = await buildUser(db));
});
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
});

const tokens = (rows: { tokenHash: string }[]) => rows.map((r) => r.tokenHash).sort();

describe(`clean-ups (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('deletes expired email and two-factor codes, reset links and upload tokens, and keeps live ones', async () => {
    await db.insert(verificationCodes).values([
      { userId: user.id, purpose: 'confirm_email', codeHash: 'expired-code', expiresAt: PAST },
      { userId: user.id, purpose: 'two_factor', codeHash: 'live-code', expiresAt: FUTURE },
    ]);
    await db.insert(passwordResets).values([
      { userId: user.id, tokenHash: 'expired-reset', expiresAt: PAST },
      { userId: user.id, tokenHash: 'live-reset', expiresAt: FUTURE },
    ]);
    await db.insert(imageUploadTokens).values([
      { token: 'expired-upload', userId: user.id, expiresAt: PAST },
      { token: 'live-upload', userId: user.id, expiresAt: FUTURE },
    ]);

    await db.insert(loginChallenges).values([
      { tokenHash: 'expired-challenge', userId: user.id, expiresAt: PAST },
      { tokenHash: 'live-challenge', userId: user.id, expiresAt: FUTURE },
    ]);

    expect(await deleteExpiredCodes(db)).toEqual({ codes: 1, resets: 1, uploadTokens: 1, challenges: 1 });
    expect((await db.select().from(loginChallenges)).map((r) => r.tokenHash)).toEqual(['live-challenge']);

    expect((await db.select().from(verificationCodes)).map((r) => r.codeHash)).toEqual(['live-code']);
    expect(tokens(await db.select().from(passwordResets))).toEqual(['live-reset']);
    expect((await db.select().from(imageUploadTokens)).map((r) => r.token)).toEqual(['live-upload']);
  });

  it('deletes sessions past their expiry and keeps the signed-in ones', async () => {
    const before = await db.select().from(authSessions).where(eq(authSessions.userId, user.id));
    expect(before).toHaveLength(1); // buildUser signed in
    await db.insert(authSessions).values({ tokenHash: 'expired-session', userId: user.id, expiresAt: PAST });

    expect(await deleteExpiredSessions(db)).toEqual({ sessions: 1 });

    expect(tokens(await db.select().from(authSessions).where(eq(authSessions.userId, user.id)))).toEqual(
      tokens(before),
    );
  });

  it('deletes rate-limit windows that are over and keeps the current ones', async () => {
    await db.insert(rateLimits).values([
      { key: 'login:ip:ended', count: 9, resetAt: PAST },
      { key: 'login:ip:current', count: 3, resetAt: FUTURE },
    ]);

    expect(await deleteEndedRateLimits(db)).toEqual({ rateLimits: 1 });

    expect((await db.select().from(rateLimits)).map((r) => r.key)).toEqual(['login:ip:current']);
  });

  it('are scheduled on the job runner, and run as jobs', async () => {
    jobs = await createJobRunner(database, silentLog, FAST);
    await registerCleanups(jobs, db);
    await jobs.start();
    const tokenHash = `expired-${randomUUID()}`;
    await db.insert(authSessions).values({ tokenHash, userId: user.id, expiresAt: PAST });

    const id = await jobs.send('cleanup-expired-sessions');
    await waitFor(
      'the clean-up job',
      async () => (await jobs!.getJob('cleanup-expired-sessions', id!))?.state === 'completed',
    );

    expect(await db.select().from(authSessions).where(eq(authSessions.tokenHash, tokenHash))).toEqual([]);
    expect(await jobs.getJob('cleanup-expired-sessions', id!)).toMatchObject({ output: { sessions: 1 } });
    const schedules = await rawRows(database, 'select name, cron, timezone from pgboss.schedule order by name');
    expect(schedules).toEqual(
      CLEANUPS.map(({ name, cron }) => ({ name, cron, timezone: 'UTC' })).sort((a, b) => a.name.localeCompare(b.name)),
    );
  });
});
