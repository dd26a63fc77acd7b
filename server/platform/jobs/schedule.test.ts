import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { createJobRunner } from './create-job-runner';
import type { JobRunner } from './job-runner';
import { FAST, silentLog } from './test/fast-runner';
import { awayFromMinuteEnd, sleep, waitFor } from './test/wait-for';

let database: DatabaseHandle;
let jobs: JobRunner;
beforeAll(async () => {
  database = await createTestDatabase();
  jobs = await createJobRunner(database, silentLog, FAST);
});
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
});

it(`sends a scheduled job once per cron tick, with the schedule's data (${process.env.TEST_DB ?? 'pglite'})`, async () => {
  const runs: object[] = [];
  await jobs.work('nightly-digest', async (job) => {
    runs.push(job.data);
  });
  await jobs.schedule('nightly-digest', '* * * * *', { edition: 'daily' });
  await awayFromMinuteEnd();
  await jobs.start();

  await waitFor('the tick', () => runs.length > 0, 15_000);
  await sleep(3_000); // the schedule is checked every second meanwhile: the same tick is not sent again
  expect(runs).toEqual([{ edition: 'daily' }]);
}, 40_000);
