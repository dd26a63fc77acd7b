/**
 * A server stand-in for kill.test.ts, run as its own process (`node --import tsx`):
 *
 *   MODE=hang    sends the job 'kill-test' (key 'the-one') and works it: the handler appends
 *                'started <job id> <ms>' to EVENTS_FILE and then never finishes; the test kills us.
 *   MODE=finish  works the same job name: the handler appends 'started ...' and 'completed ...'.
 *                Once the job is completed it waits a little longer (a second run would show),
 *                stops cleanly and exits 0.
 *
 * The database is DATABASE_URL (PostgreSQL) or the PGlite in DATA_DIR.
 */
import { appendFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { openDatabase } from '../../../db/client';
import { createJobRunner } from '../create-job-runner';
import { FAST } from './fast-runner';
import { KILL_TEST_EXPIRE_SECONDS, KILL_TEST_JOB, KILL_TEST_KEY } from './kill-test-job';

async function main() {
  const { MODE, EVENTS_FILE, DATABASE_URL, DATA_DIR } = process.env;
  if (!EVENTS_FILE || (MODE !== 'hang' && MODE !== 'finish')) throw new Error('set MODE=hang|finish and EVENTS_FILE');
  const record = (line: string) => appendFileSync(EVENTS_FILE, `${line} ${Date.now()}\n`);

  const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: DATA_DIR });
  await database.migrate();
  const jobs = await createJobRunner(database, pino({ level: 'warn' }, pino.destination(2)), FAST);
  let completedId: string | undefined;
  await jobs.work(KILL_TEST_JOB, async (job) => {
    record(`started ${job.id}`);
    if (MODE === 'hang') await new Promise(() => undefined);
    record(`completed ${job.id}`);
    completedId = job.id;
  });
  await jobs.start();

  if (MODE === 'hang') {
    await jobs.send(
      KILL_TEST_JOB,
      {},
      {
        key: KILL_TEST_KEY,
        retryLimit: 3,
        retryDelaySeconds: 1,
        expireInSeconds: KILL_TEST_EXPIRE_SECONDS,
      },
    );
    return; // the runner's polling keeps the process alive until SIGKILL
  }

  for (;;) {
    if (completedId && (await jobs.getJob(KILL_TEST_JOB, completedId))?.state === 'completed') break;
    await sleep(100);
  }
  await sleep(1_500);
  await jobs.stop();
  await database.close();
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
