import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { executorFor } from './create-job-runner';
import { DEFAULT_TUNING, PgBossJobRunner } from './pg-boss-runner';
import type { SqlExecutor } from './sql-executor';
import { FAST, silentLog } from './test/fast-runner';
import { sleep, waitFor } from './test/wait-for';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** The runner's database, counting the queries out and holding fetches of one queue at a gate. */
function gatedExecutor(inner: SqlExecutor, queue: string) {
  const state = { out: 0, fetching: false, gate: undefined as Promise<void> | undefined };
  const executor: SqlExecutor = {
    async executeSql(text, values) {
      state.out++;
      try {
        if (state.gate && text.includes('SKIP LOCKED') && values?.[0] === queue) {
          state.fetching = true;
          await state.gate;
        }
        return await inner.executeSql(text, values);
      } finally {
        state.out--;
      }
    },
  };
  return { executor, state };
}

it('on stop, runs to the end a job it was fetching as stop began, and leaves no query of its own out', async () => {
  const { executor, state } = gatedExecutor(executorFor(database), 'late-fetch');
  const jobs = new PgBossJobRunner(executor, silentLog, { ...DEFAULT_TUNING, ...FAST });
  await jobs.start();
  let finished = false;
  await jobs.work('late-fetch', async () => {
    await sleep(200);
    finished = true;
  });
  let release = () => {};
  state.gate = new Promise((resolve) => {
    release = resolve;
  });
  const id = await jobs.send('late-fetch', {});
  await waitFor('the worker to fetch the job', () => state.fetching);

  const stopped = jobs.stop();
  // pg-boss's own stop sees no job in hand while the fetch is out, and is done well before this
  await sleep(300);
  release();
  await stopped;

  // what would otherwise run after stop, against a database the app closes next
  expect(finished).toBe(true);
  expect(state.out).toBe(0);
  const [row] = (
    await executorFor(database).executeSql('select state::text as state from pgboss.job where id = $1', [id])
  ).rows;
  expect(row).toEqual({ state: 'completed' });
});
