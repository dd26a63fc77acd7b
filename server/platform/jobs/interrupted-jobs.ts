import type PgBoss from 'pg-boss';
import { JOB_SCHEMA } from './job-schema';
import type { SqlExecutor } from './sql-executor';

/** The database's clock now: the line between jobs a dead process left active and our own. */
export async function databaseNow(executor: SqlExecutor): Promise<Date> {
  const { rows } = await executor.executeSql('select now() as now');
  return new Date(rows[0]!.now as Date | string);
}

/**
 * PGlite only. One process owns a PGlite data directory (db/client.ts lockDataDir), so a job that was
 * already 'active' when this process started was running in a process that got killed. pg-boss
 * notices such a job only when its expiry passes (it is built for several instances, where the
 * owner may still be running it); here we fail it at once, which puts it back in the queue after
 * the usual retry delay. The interrupted try counts, as it does after an expiry on PostgreSQL.
 */
export async function failInterruptedJobs(boss: PgBoss, executor: SqlExecutor, startedAt: Date): Promise<number> {
  const { rows } = await executor.executeSql(
    `select name, id from ${JOB_SCHEMA}.job where state = 'active' and started_on < $1`,
    [startedAt],
  );
  for (const row of rows) {
    await boss.fail(String(row.name), String(row.id), {
      message: 'interrupted: the process stopped while this job ran',
    });
  }
  return rows.length;
}
