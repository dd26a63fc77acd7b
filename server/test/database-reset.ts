import type { DatabaseHandle } from '../db/client';

/**
 * Empties a test database for the next test file in the same worker: every table of ours and
 * pg-boss's jobs, back to what the migrations left (their seed rows put back). Schemas, pg-boss's
 * queues (a partition each, the slowest part of an app's start) and the connection stay.
 *
 * `seeds` are the rows the migrations wrote, read from the database before its first use.
 */
export type Seeds = Record<string, unknown[]>;

type Sql = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export function sqlOf(handle: DatabaseHandle): Sql {
  if (handle.pglite) return (text, params) => handle.pglite!.query(text, params);
  if (handle.pool) return (text, params) => handle.pool!.query(text, params);
  throw new Error(`no SQL connection on this database (${handle.kind})`);
}

/** The rows the migrations seeded, table by table (only tables that have any). */
export async function readSeeds(handle: DatabaseHandle): Promise<Seeds> {
  const sql = sqlOf(handle);
  const seeds: Seeds = {};
  for (const table of await resettableTables(sql)) {
    const { rows } = await sql(`select coalesce(json_agg(t), '[]') as rows from ${table} t`);
    const seeded = rows[0]!.rows as unknown[];
    if (seeded.length > 0) seeds[table] = seeded;
  }
  return seeds;
}

/** Our tables, and pg-boss's job tables once an app has created its schema (not its queues). */
async function resettableTables(sql: Sql): Promise<string[]> {
  const { rows } = await sql(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and (n.nspname = 'public' or (n.nspname = 'pgboss' and c.relname not in ('version', 'queue')))
      order by 1`,
  );
  return rows.map((row) => row.name as string);
}

/** Throws when the database cannot be made like new (the caller then opens a new one). */
export async function resetDatabase(handle: DatabaseHandle, seeds: Seeds): Promise<void> {
  // a file that ended inside a transaction, or changed its session's settings (PGlite has one)
  if (handle.pglite) {
    await handle.pglite.exec('rollback');
    await handle.pglite.exec('discard all');
  }
  await inOneTransaction(handle, async (sql) => {
    // a connection some file left holding a lock would make the truncate wait: give up instead
    await sql(`set local lock_timeout = '5s'`);
    await sql(`truncate ${(await resettableTables(sql)).join(', ')} restart identity cascade`);
    for (const [table, rows] of Object.entries(seeds)) {
      await sql(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [
        JSON.stringify(rows),
      ]);
    }
  });
}

async function inOneTransaction(handle: DatabaseHandle, work: (sql: Sql) => Promise<void>) {
  if (handle.pglite) {
    await handle.pglite.transaction((tx) => work((text, params) => tx.query(text, params)));
    return;
  }
  const client = await handle.pool!.connect();
  try {
    await client.query('begin');
    await work((text, params) => client.query(text, params));
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
