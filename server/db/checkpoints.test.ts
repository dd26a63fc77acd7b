import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { scheduleCheckpoints, type DatabaseHandle } from './client';

const onPglite = process.env.TEST_DB !== 'postgres';
let database: DatabaseHandle;
beforeAll(async () => {
  if (onPglite) database = await createTestDatabase();
});
afterAll(() => database?.close());

const walSinceCheckpoint = async () =>
  Number(
    (
      await database.pglite!.query<{ behind: string }>(
        'select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::text as behind from pg_control_checkpoint()',
      )
    ).rows[0]!.behind,
  );

// PGlite only: PostgreSQL's own checkpointer does this job
describe.skipIf(!onPglite)('PGlite checkpoints (a crash replays little WAL)', () => {
  it('checkpoints once 1 MB of WAL is written since the last one', async () => {
    const pglite = database.pglite!;
    const stop = scheduleCheckpoints(pglite, { everyMs: 20, walBytes: 1024 * 1024 });
    try {
      await expect.poll(walSinceCheckpoint, { timeout: 10_000 }).toBeLessThan(1024 * 1024);
      await pglite.exec('create table scratch (body text)');
      await pglite.query(`insert into scratch select repeat('x', 1000) || g from generate_series(1, 3000) g`);
      // the single-user server left alone never checkpoints; the timer does
      await expect.poll(walSinceCheckpoint, { timeout: 10_000 }).toBeLessThan(64 * 1024);
    } finally {
      stop();
    }
  });
});
