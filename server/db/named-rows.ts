import type { DatabaseHandle } from './client';

/**
 * A hot read as plain SQL with a name: PostgreSQL parses and plans it once per
 * connection instead of on every request, and the rows come as node-postgres and PGlite type them
 * (no query builder per request, no row mapping). Name the columns as the code reads them.
 */
export type NamedStatement = { name: string; text: string };

/** The database's own clients: a named read runs outside any transaction. */
export type NamedDatabase = Pick<DatabaseHandle, 'pool' | 'pglite'>;

/** Sends a statement by name on PostgreSQL; PGlite has no names and runs the text. */
export const namedRows = <Row>(database: NamedDatabase, q: NamedStatement, values: unknown[]) =>
  rowsOf<Row>(database, { ...q, values });

/**
 * A read as plain SQL without a name: PostgreSQL plans it with its values each time, for a
 * statement whose values decide the plan (a search's pattern). No query builder, no row mapping.
 */
export const plannedRows = <Row>(database: NamedDatabase, q: { text: string; values: unknown[] }) =>
  rowsOf<Row>(database, q);

async function rowsOf<Row>(database: NamedDatabase, q: { name?: string; text: string; values: unknown[] }) {
  if (database.pool) return (await database.pool.query(q)).rows as Row[];
  return (await database.pglite!.query(q.text, q.values)).rows as Row[];
}
