import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { createJobRunner } from './create-job-runner';
import type { Job, JobRunner } from './job-runner';
import { FAST, silentLog } from './test/fast-runner';
import { sleep, waitFor } from './test/wait-for';

let database: DatabaseHandle;
let jobs: JobRunner;
beforeAll(async () => {
  database = await createTestDatabase();
  jobs = await createJobRunner(database, silentLog, FAST);
  await jobs.start();
});
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
});

describe(`the job runner (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('runs a sent job once, with its id and data, and records it completed', async () => {
    const seen: Job<{ to: string }>[] = [];
    await jobs.work<{ to: string }>('greet', async (job) => {
      seen.push(job);
      return { greeted: job.data.to };
    });
    const id = await jobs.send('greet', { to: 'ana' });
    await waitFor('the job to complete', async () => (await jobs.getJob('greet', id!))?.state === 'completed');
    expect(seen).toEqual([{ id, name: 'greet', data: { to: 'ana' } }]);
    expect(await jobs.getJob('greet', id!)).toMatchObject({
      state: 'completed',
      retryCount: 0,
      output: { greeted: 'ana' },
    });
  });

  it('adds nothing for a second send with the same key while the first waits, and answers its id', async () => {
    const later = new Date(Date.now() + 60 * 60_000);
    const first = await jobs.send('remind', { n: 1 }, { key: 'session-42', startAfter: later });
    const second = await jobs.send('remind', { n: 2 }, { key: 'session-42', startAfter: later });
    const other = await jobs.send('remind', { n: 3 }, { key: 'session-43', startAfter: later });
    expect(second).toBe(first);
    expect(other).not.toBe(first);
    expect(await jobs.getJob('remind', first!)).toMatchObject({ state: 'created', data: { n: 1 } });
    expect(await jobs.stats()).toMatchObject({ queued: 2 });
  });

  it('adds nothing for a key whose job has already completed', async () => {
    let runs = 0;
    await jobs.work('welcome-mail', async () => {
      runs++;
    });
    const id = await jobs.send('welcome-mail', {}, { key: 'user-7' });
    await waitFor('the job to complete', async () => (await jobs.getJob('welcome-mail', id!))?.state === 'completed');
    expect(await jobs.send('welcome-mail', {}, { key: 'user-7' })).toBe(id);
    await sleep(1200); // two polls: nothing new to run
    expect(runs).toBe(1);
  });

  it('retries a failing job after growing delays until it succeeds', async () => {
    const runAt: number[] = [];
    await jobs.work('flaky', async () => {
      runAt.push(Date.now());
      if (runAt.length < 3) throw new Error(`try ${runAt.length} failed`);
      return 'third time lucky';
    });
    const id = await jobs.send('flaky', {}, { retryLimit: 3, retryDelaySeconds: 1 });
    await waitFor('the job to complete', async () => (await jobs.getJob('flaky', id!))?.state === 'completed', 15_000);
    expect(runAt).toHaveLength(3);
    // backoff: about 1-2 s before the first retry, 2-4 s before the second (random jitter)
    expect(runAt[1]! - runAt[0]!).toBeGreaterThanOrEqual(950);
    expect(runAt[2]! - runAt[1]!).toBeGreaterThanOrEqual(1950);
    expect(await jobs.getJob('flaky', id!)).toMatchObject({ retryCount: 2, output: { value: 'third time lucky' } });
  }, 20_000);

  it('gives up on a job that keeps failing: it ends failed after its retry limit', async () => {
    let runs = 0;
    await jobs.work('doomed', async () => {
      runs++;
      throw new Error('the mail server said no');
    });
    const failedBefore = (await jobs.stats()).failed;
    const id = await jobs.send('doomed', {}, { retryLimit: 1, retryDelaySeconds: 1 });
    await waitFor('the job to fail', async () => (await jobs.getJob('doomed', id!))?.state === 'failed', 10_000);
    await sleep(1200); // and is not tried again
    expect(runs).toBe(2);
    const job = await jobs.getJob('doomed', id!);
    expect(job).toMatchObject({ state: 'failed', retryCount: 1, output: { message: 'the mail server said no' } });
    expect((await jobs.stats()).failed).toBe(failedBefore + 1);
  });

  it('runs up to `concurrency` jobs of a name at once', async () => {
    let running = 0;
    let most = 0;
    let done = 0;
    await jobs.work(
      'thumbnail',
      async () => {
        most = Math.max(most, ++running);
        await sleep(300);
        running--;
        done++;
      },
      { concurrency: 3 },
    );
    for (let i = 0; i < 6; i++) await jobs.send('thumbnail', { i });
    await waitFor('six jobs', () => done === 6);
    expect(most).toBe(3);
  });

  it('counts active jobs, and on stop waits for a running handler to finish', async () => {
    let finished = false;
    await jobs.work('slow-digest', async () => {
      await sleep(1000);
      finished = true;
    });
    const id = await jobs.send('slow-digest', {});
    await waitFor('the job to start', async () => (await jobs.stats()).active === 1);
    await jobs.stop();
    expect(finished).toBe(true);
    expect(await jobs.getJob('slow-digest', id!)).toMatchObject({ state: 'completed' });
  });
});
