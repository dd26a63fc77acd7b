import type { DatabaseHandle } from '../db/client';

/** Counts the SQL statements sent to the database while `run` is in progress (PGlite or pg pool). */
export async function countQueries(database: DatabaseHandle, run: () => Promise<unknown>) {
  const client = (database.pool ?? database.pglite) as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const original = client.query;
  let count = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    count++;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return count;
}
