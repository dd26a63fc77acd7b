import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { KILL_TEST_EXPIRE_SECONDS, KILL_TEST_JOB } from './test/kill-test-job';
import { rawRows } from './test/raw-rows';
import { waitFor } from './test/wait-for';
import { startWorkerProcess } from './test/worker-process';

const WORKER = fileURLToPath(new URL('./test/kill-worker.ts', import.meta.url));
const onPostgres = process.env.TEST_DB === 'postgres';

let dir: string;
let database: DatabaseHandle | undefined; // PostgreSQL only: PGlite's folder belongs to the worker
const children: ChildProcess[] = [];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tend-kill-'));
  if (onPostgres) database = await createTestDatabase();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One run of kill-worker.ts. */
const startWorker = (mode: 'hang' | 'finish') =>
  startWorkerProcess(
    WORKER,
    {
      MODE: mode,
      EVENTS_FILE: join(dir, 'events.log'),
      DATABASE_URL: database?.url ?? '',
      DATA_DIR: database ? '' : join(dir, 'data'),
    },
    children,
  );

const events = () => {
  const file = join(dir, 'events.log');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [what, id, at] = line.split(' ');
      return { what, id, at: Number(at) };
    });
};

/** The job's row in pg-boss's table, read once no worker holds the database. */
async function jobRows() {
  const handle = database ?? (await openDatabase({ dataDir: join(dir, 'data') }));
  try {
    return await rawRows(handle, 'select id, state::text as state, retry_count from pgboss.job where name = $1', [
      KILL_TEST_JOB,
    ]);
  } finally {
    if (!database) await handle.close();
  }
}

it(`runs a job again after its process is killed with SIGKILL mid-run, and completes it exactly once (${onPostgres ? 'postgres' : 'pglite'})`, async () => {
  const first = startWorker('hang');
  await waitFor('the handler to start', () => events().some((e) => e.what === 'started'), 60_000);
  first.child.kill('SIGKILL');
  expect(await first.exited).toBe('SIGKILL');
  const killedAt = Date.now();

  const second = startWorker('finish');
  expect(await second.exited, second.output()).toBe(0);
  if (!onPostgres) expect(second.output()).toContain('1 job(s) interrupted by the last shutdown will run again');

  const log = events();
  const completions = log.filter((e) => e.what === 'completed');
  expect(completions).toHaveLength(1);
  expect(new Set(log.map((e) => e.id)).size).toBe(1); // one job throughout
  // started in the killed process (maybe twice, if it ran past its expiry there), then once more
  expect(log.filter((e) => e.what === 'started').length).toBeGreaterThanOrEqual(2);
  expect(log.at(-1)!.what).toBe('completed');
  const rerun = log.at(-2)!;
  expect(rerun.what).toBe('started');
  if (onPostgres) {
    // PostgreSQL: back only after the dead worker's try expired (a live instance may own it)
    expect(rerun.at).toBeGreaterThanOrEqual(log[0]!.at + KILL_TEST_EXPIRE_SECONDS * 1000);
  }
  expect(rerun.at).toBeGreaterThan(killedAt);

  const rows = await jobRows();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ id: log[0]!.id, state: 'completed' });
  // the interrupted try counted as a failed one
  expect(Number(rows[0]!.retry_count)).toBeGreaterThanOrEqual(1);
}, 100_000); // about 20 s on an idle machine; PGlite's first start (initdb) is most of it
