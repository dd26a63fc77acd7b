import type { DatabaseHandle } from '../../../db/client';

/** Rows of a plain SQL query on either engine: for reading pg-boss's own tables in tests. */
export async function rawRows(
  handle: DatabaseHandle,
  text: string,
  values: unknown[] = [],
): Promise<Record<string, unknown>[]> {
  if (handle.pool) return (await handle.pool.query(text, values)).rows;
  if (handle.pglite) return (await handle.pglite.query<Record<string, unknown>>(text, values)).rows;
  throw new Error(`no raw connection on ${handle.kind}`);
}
