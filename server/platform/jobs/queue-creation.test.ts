import { describe, expect, it } from 'vitest';
import { createQueue } from './pg-boss-runner';
import type { SqlExecutor } from './sql-executor';

/** An executor whose first `failures` calls fail with `error`. */
function failingFirst(failures: number, error: object) {
  let calls = 0;
  const executor: SqlExecutor = {
    async executeSql() {
      calls++;
      if (calls <= failures) throw error;
      return { rows: [] };
    },
  };
  return { executor, calls: () => calls };
}

const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('creating a job queue while another instance starts (two instances on one database)', () => {
  it('tries again after PostgreSQL ends its side of a deadlock with pg-boss starting elsewhere', async () => {
    const db = failingFirst(2, deadlock);
    await createQueue(db.executor, 'mail');
    expect(db.calls()).toBe(3);
  });

  it('gives up after five deadlocks, and at once on any other error', async () => {
    const stuck = failingFirst(99, deadlock);
    await expect(createQueue(stuck.executor, 'mail')).rejects.toThrow('deadlock detected');
    expect(stuck.calls()).toBe(5);
    const broken = failingFirst(99, Object.assign(new Error('permission denied'), { code: '42501' }));
    await expect(createQueue(broken.executor, 'mail')).rejects.toThrow('permission denied');
    expect(broken.calls()).toBe(1);
  });
});
