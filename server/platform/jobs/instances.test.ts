import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createTestDatabase, TEST_DATABASE_TIMEOUTS } from '../../test/database';
import { createJobRunner } from './create-job-runner';
import type { JobRunner } from './job-runner';
import { rawRows } from './test/raw-rows';
import { FAST, silentLog } from './test/fast-runner';
import { awayFromMinuteEnd, sleep, waitFor } from './test/wait-for';

// Two server instances on one PostgreSQL database: two runners, each on a pool of its own.
describe.runIf(process.env.TEST_DB === 'postgres')('two instances on one PostgreSQL database', () => {
  let database: DatabaseHandle;
  let secondPool: DatabaseHandle;
  let one: JobRunner;
  let two: JobRunner;
  beforeAll(async () => {
    database = await createTestDatabase();
    secondPool = await openDatabase({ databaseUrl: database.url, timeouts: TEST_DATABASE_TIMEOUTS });
    one = await createJobRunner(database, silentLog, FAST);
    two = await createJobRunner(secondPool, silentLog, FAST);
  });
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await secondPool?.close();
    await database?.close();
  });

  it('run each of 50 jobs of one queue exactly once between them', async () => {
    const runs: { id: string; by: string }[] = [];
    for (const [runner, by] of [
      [one, 'one'],
      [two, 'two'],
    ] as const) {
      await runner.work(
        'send-mail',
        async (job) => {
          runs.push({ id: job.id, by });
          await sleep(20);
        },
        { concurrency: 4 },
      );
    }
    // started together: both create pg-boss's schema at once, which it settles with a lock
    await Promise.all([one.start(), two.start()]);

    const ids = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? one : two).send('send-mail', { i })));
    await waitFor('50 runs', () => runs.length >= 50, 20_000);
    await sleep(1_500); // polls of both: nothing runs twice

    expect(runs).toHaveLength(50);
    expect(new Set(runs.map((r) => r.id))).toEqual(new Set(ids));
    expect(new Set(runs.map((r) => r.by))).toEqual(new Set(['one', 'two'])); // both took part
    const states = await rawRows(
      database,
      `select state::text as state, count(*)::int as n from pgboss.job where name = 'send-mail' group by state`,
    );
    expect(states).toEqual([{ state: 'completed', n: 50 }]);
  }, 40_000);

  it('fire a schedule both of them hold once per cron tick', async () => {
    const runs: string[] = [];
    await awayFromMinuteEnd();
    for (const [runner, by] of [
      [one, 'one'],
      [two, 'two'],
    ] as const) {
      await runner.work('hourly-reminders', async () => {
        runs.push(by);
      });
      await runner.schedule('hourly-reminders', '* * * * *');
    }

    await waitFor('the tick', () => runs.length > 0, 15_000);
    await sleep(3_000); // both check the schedule every second meanwhile
    expect(runs).toHaveLength(1);
  }, 40_000);
});
