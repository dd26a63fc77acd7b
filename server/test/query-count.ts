import type { DatabaseHandle } from '../db/client';

/**
 * What the app runs in the background on the same connections (the job runner's polling and
 * schedules, the mail worker's bookkeeping, live presence beats, the instance registry): not part
 * of what a test counts.
 */
const BACKGROUND = /pgboss\.|mail_deliveries|live_presence|server_instances/i;

const sqlText = (first: unknown) =>
  typeof first === 'string' ? first : String((first as { text?: unknown } | null)?.text ?? '');

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * Runs `run` with each SQL statement sent to the database (PGlite or pg pool) shown to `see` as
 * it is sent, with its result to come; the app's own background statements are left out.
 */
async function watchQueries<T>(
  database: DatabaseHandle,
  run: () => Promise<T>,
  see: (text: string, result: Promise<unknown>) => void,
): Promise<T> {
  const client = (database.pool ?? database.pglite) as unknown as { query: Query };
  const original = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const result = original.apply(this, args);
    const text = sqlText(args[0]);
    if (!BACKGROUND.test(text)) see(text, result);
    return result;
  };
  try {
    return await run();
  } finally {
    client.query = original;
  }
}

/**
 * Counts the SQL statements sent to the database while `run` is in progress (PGlite or pg pool),
 * leaving out the app's own background statements, which may fall in the same moment.
 */
export async function countQueries(database: DatabaseHandle, run: () => Promise<unknown>) {
  let count = 0;
  await watchQueries(database, run, () => count++);
  return count;
}

/** `run`'s result, and how many rows the statements reading from `table` returned while it ran. */
export async function rowsReadFrom<T>(database: DatabaseHandle, table: string, run: () => Promise<T>) {
  const reads: Promise<number>[] = [];
  const result = await watchQueries(database, run, (text, answer) => {
    // a statement that fails returned no rows (the caller sees its failure)
    const rowsOf = (r: unknown) => (r as { rows?: unknown[] }).rows?.length ?? 0;
    if (text.includes(`from "${table}"`)) reads.push(answer.then(rowsOf, () => 0));
  });
  const rows = (await Promise.all(reads)).reduce((sum, n) => sum + n, 0);
  return { result, rows };
}
