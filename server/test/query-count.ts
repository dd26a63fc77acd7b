import type { DatabaseHandle } from '../db/client';

/**
 * What the app runs in the background on the same connections (the job runner's polling and
 * schedules, the mail worker's bookkeeping, live presence beats, the instance registry): not part
 * of what a test counts.
 */
const BACKGROUND = /pgboss\.|mail_deliveries|live_presence|server_instances/i;

const sqlText = (first: unknown) =>
  typeof first === 'string' ? first : String((first as { text?: unknown } | null)?.text ?? '');

/**
 * Counts the SQL statements sent to the database while `run` is in progress (PGlite or pg pool),
 * leaving out the app's own background statements, which may fall in the same moment.
 */
export async function countQueries(database: DatabaseHandle, run: () => Promise<unknown>) {
  const client = (database.pool ?? database.pglite) as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const original = client.query;
  let count = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    if (!BACKGROUND.test(sqlText(args[0]))) count++;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return count;
}
