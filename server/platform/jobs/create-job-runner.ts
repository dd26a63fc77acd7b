import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import type { JobRunner } from './job-runner';
import { DEFAULT_TUNING, PgBossJobRunner, type JobRunnerTuning } from './pg-boss-runner';
import { pgliteExecutor, postgresExecutor, type SqlExecutor } from './sql-executor';

/**
 * The job runner on the app's database: pg-boss on both engines, in its own `pgboss` schema,
 * which it creates and migrates itself at `start()` (no Drizzle table of ours).
 *
 * pg-boss runs on PGlite unchanged: it needs only a `db.executeSql(text, values)` adapter, and
 * its SQL (partitioned tables, plpgsql, advisory locks, SKIP LOCKED) is plain PostgreSQL, which
 * PGlite is. The one difference is at start: on PGlite, a job left running by a killed process
 * is retried at once instead of after its expiry (interrupted-jobs.ts).
 */
export async function createJobRunner(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  tuning: Partial<JobRunnerTuning> = {},
): Promise<JobRunner> {
  const onPglite = database.kind === 'pglite';
  return new PgBossJobRunner(executorFor(database), log, {
    ...DEFAULT_TUNING,
    failInterruptedAtStart: onPglite,
    // PGlite has one process, so every send is local and wakes its worker at once: polling only
    // takes the one connection from the app's requests
    ...(onPglite && { pollingIntervalSeconds: 30 }),
    ...tuning,
  });
}

export function executorFor(database: DatabaseHandle): SqlExecutor {
  if (database.pool) return postgresExecutor(database.pool);
  if (database.pglite) return pgliteExecutor(database.pglite);
  throw new Error(`The job runner cannot use this database (${database.kind})`);
}
